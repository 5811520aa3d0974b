// A bound on how many jobs run at once, with a bounded line of the ones that wait. Image work runs
// in libuv's thread pool (sharp), which file reads and DNS lookups share: without a bound, a few
// heavy uploads would hold every thread, and everyone's requests would wait behind them.

export interface Limiter {
  /** Runs the job when a place is free; rejects with the limiter's error when the line is full. */
  run<T>(job: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly waiting: number;
}

export function createLimiter(options: { concurrency: number; maxWaiting: number; whenFull: () => Error }): Limiter {
  const { concurrency, maxWaiting, whenFull } = options;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`concurrency must be a positive whole number, got ${concurrency}`);
  let active = 0;
  const line: (() => void)[] = [];

  const release = () => {
    const next = line.shift();
    // The place passes straight to the next in line, so `active` never drops and rises again.
    if (next) next();
    else active--;
  };

  return {
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (active < concurrency) active++;
      else if (line.length >= maxWaiting) throw whenFull();
      else await new Promise<void>((resolve) => line.push(resolve));
      try {
        return await job();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return line.length;
    },
  };
}
