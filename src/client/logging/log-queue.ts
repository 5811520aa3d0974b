import { LOG_LIMITS, storedEventBytes, type LogEvent, type LogFields } from '../../shared/logging/limits';

/** Sends one batch; resolves true when the server took it (a failure keeps the batch for the next send). */
export type LogTransport = (events: LogEvent[], how: { unload: boolean }) => Promise<boolean> | boolean;

export interface LogQueueOptions {
  send: LogTransport;
  intervalMs?: number;
  maxKept?: number;
  maxBatch?: number;
  now?: () => number;
}

/**
 * The client's behaviour log (spec 2 §7 "Logging and ads"): events wait here and go out in batches
 * every 15 s and on page unload, only while the logging flag is on. Until the flag is known (user info
 * not loaded yet) events wait; when it turns out off they are dropped, so nothing is ever sent.
 */
export class LogQueue {
  private events: LogEvent[] = [];
  private enabled: boolean | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private sending = false;
  private readonly send: LogTransport;
  private readonly intervalMs: number;
  private readonly maxKept: number;
  private readonly maxBatch: number;
  private readonly now: () => number;

  constructor(options: LogQueueOptions) {
    this.send = options.send;
    this.intervalMs = options.intervalMs ?? LOG_LIMITS.flushIntervalMs;
    this.maxKept = options.maxKept ?? LOG_LIMITS.maxKept;
    this.maxBatch = options.maxBatch ?? LOG_LIMITS.maxBatch;
    this.now = options.now ?? Date.now;
  }

  /** Events waiting to be sent (for tests and the unload path). */
  get pending(): number {
    return this.events.length;
  }

  /** The logging flag as the user info says it; off drops what waits and stops the interval. */
  setEnabled(enabled: boolean) {
    this.enabled = enabled;
    if (!enabled) {
      this.events = [];
      this.stop();
    } else if (!this.timer) {
      this.timer = setInterval(() => void this.flush(), this.intervalMs);
    }
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Adds one event. Beyond the bound the oldest go: recent behaviour matters more than old. */
  log(name: string, fields: LogFields = {}) {
    if (this.enabled === false) return;
    const event: LogEvent = { ...fields, name, ts: this.now() };
    // The server refuses a whole batch for one event over the bound: such an event is not kept.
    if (storedEventBytes(event) > LOG_LIMITS.maxEventBytes) return;
    this.events.push(event);
    if (this.events.length > this.maxKept) this.events.splice(0, this.events.length - this.maxKept);
  }

  /** The oldest events that fit one batch: at most maxBatch of them, and maxBatchBytes in all. */
  private nextBatch(): LogEvent[] {
    let bytes = 0;
    let count = 0;
    for (const event of this.events.slice(0, this.maxBatch)) {
      bytes += storedEventBytes(event);
      if (count > 0 && bytes > LOG_LIMITS.maxBatchBytes) break;
      count++;
    }
    return this.events.slice(0, count);
  }

  /**
   * Sends what waits, one batch at a time. On unload the transport is the beacon, which cannot wait
   * for an answer, so every batch is handed over at once.
   */
  async flush(unload = false): Promise<void> {
    if (this.enabled !== true || this.events.length === 0) return;
    if (this.sending && !unload) return;
    this.sending = true;
    try {
      while (this.events.length > 0) {
        const batch = this.nextBatch();
        this.events = this.events.slice(batch.length);
        let ok = false;
        try {
          ok = await this.send(batch, { unload });
        } catch {
          ok = false;
        }
        if (!ok) {
          // Put the batch back in front of anything logged meanwhile, within the bound.
          this.events = [...batch, ...this.events].slice(-this.maxKept);
          return;
        }
      }
    } finally {
      this.sending = false;
    }
  }
}
