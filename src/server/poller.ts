// Background work that polls the database (the queue publisher, video jobs, and next messaging):
// one tick loop, so each of them writes only what one pass does.

export interface PollerOptions {
  /** One pass. `signal` aborts when the poller stops, so a long pass can end early. */
  tick: (signal: AbortSignal) => Promise<unknown>;
  /** How often a pass starts on its own (work from other processes, work left by a stopped one). */
  intervalMs: number;
  /** A failed pass is reported here; the next one runs as usual. */
  onError: (error: unknown) => void;
}

export interface Poller {
  /** Something to do was added here: a pass starts now, or right after the one running. */
  poke(): void;
  /** No pass starts from now on; aborts the running one and resolves when it has ended. */
  stop(): Promise<void>;
}

/**
 * Starts a pass at once and then every `intervalMs`, never two at a time: the timer skips while a
 * pass runs (it would find what that pass finds), a poke waits for it and runs one more pass.
 */
export function startPoller({ tick, intervalMs, onError }: PollerOptions): Poller {
  const controller = new AbortController();
  let running: Promise<void> | null = null;
  let pokedWhileRunning = false;

  const run = () => {
    if (controller.signal.aborted || running) return;
    running = (async () => {
      try {
        await tick(controller.signal);
      } catch (error) {
        onError(error);
      }
    })().finally(() => {
      running = null;
      if (pokedWhileRunning) {
        pokedWhileRunning = false;
        run();
      }
    });
  };

  const timer = setInterval(run, intervalMs);
  // Background work never keeps the process alive on its own.
  timer.unref();
  run();

  return {
    poke() {
      if (running) pokedWhileRunning = true;
      else run();
    },
    async stop() {
      clearInterval(timer);
      controller.abort();
      // A pass poked while this one ran does not start (aborted), so one wait is enough.
      await running;
    },
  };
}
