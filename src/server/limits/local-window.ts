import type { Refusal, LimitRule } from './rate-limit';

/** Windows that ended are dropped at most this often, so the map holds only live counters. */
const SWEEP_EVERY_MS = 60_000;

/**
 * A fixed-window counter kept in this process's memory: for a hot path where a database round trip
 * per request costs more than the work itself (the behaviour log's batches, issue 17). Exact within
 * one process; with several server processes and no sticky sessions a subject may pass up to
 * limit x processes in a window, which is acceptable only for limits that guard cost, not security.
 * Windows start with the first hit and do not move while full, as in rate-limit.ts.
 */
export class LocalWindow {
  private readonly counters = new Map<string, { hits: number; resetsAt: number }>();
  private lastSweep = 0;

  constructor(private readonly rule: LimitRule) {}

  /** Counts one hit for `subject`; a refusal when the window already held `limit` hits (the hit is not counted then). */
  take(subject: string, now = Date.now()): Refusal | null {
    this.sweep(now);
    let counter = this.counters.get(subject);
    if (!counter || counter.resetsAt <= now) {
      counter = { hits: 0, resetsAt: now + this.rule.windowMs };
      this.counters.set(subject, counter);
    }
    if (counter.hits >= this.rule.limit) {
      return { bucket: { rule: this.rule, subject }, retryAfter: Math.max(1, Math.ceil((counter.resetsAt - now) / 1000)), resetsAt: new Date(counter.resetsAt) };
    }
    counter.hits++;
    return null;
  }

  /** Gives one hit back (the request turned out not to be the subject's: an unknown session). */
  giveBack(subject: string) {
    const counter = this.counters.get(subject);
    if (!counter) return;
    counter.hits--;
    // A subject with nothing counted holds no memory: unknown ids cannot fill the map.
    if (counter.hits <= 0) this.counters.delete(subject);
  }

  get size() {
    return this.counters.size;
  }

  private sweep(now: number) {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    for (const [subject, counter] of this.counters) if (counter.resetsAt <= now) this.counters.delete(subject);
  }
}
