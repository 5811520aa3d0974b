import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPoller } from './poller';

/** A pass that runs until the test ends it, counting how many run at once. */
function controlledTicks() {
  const ends: (() => void)[] = [];
  let active = 0;
  let mostAtOnce = 0;
  const signals: AbortSignal[] = [];
  const tick = vi.fn((signal: AbortSignal) => {
    signals.push(signal);
    active += 1;
    mostAtOnce = Math.max(mostAtOnce, active);
    return new Promise<void>((resolve) => {
      const end = () => {
        active -= 1;
        resolve();
      };
      ends.push(end);
      // The poller aborts a pass when it stops: this one ends then, as a real pass would.
      signal.addEventListener('abort', end, { once: true });
    });
  });
  return { tick, endCurrent: () => ends.shift()?.(), mostAtOnce: () => mostAtOnce, signals };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('startPoller', () => {
  it('runs a pass at once and then every interval', async () => {
    const tick = vi.fn(async () => {});
    const poller = startPoller({ tick, intervalMs: 1000, onError: () => {} });
    expect(tick).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(tick).toHaveBeenCalledTimes(4);
    await poller.stop();
  });

  it('never runs two passes at once: the timer skips while one runs, a poke runs one more after it', async () => {
    const ticks = controlledTicks();
    const poller = startPoller({ tick: ticks.tick, intervalMs: 1000, onError: () => {} });
    await vi.advanceTimersByTimeAsync(5000);
    poller.poke();
    poller.poke();
    expect(ticks.tick).toHaveBeenCalledTimes(1);
    ticks.endCurrent();
    await vi.advanceTimersByTimeAsync(0);
    // The two pokes made one more pass, started as soon as the first ended.
    expect(ticks.tick).toHaveBeenCalledTimes(2);
    expect(ticks.mostAtOnce()).toBe(1);
    ticks.endCurrent();
    await vi.advanceTimersByTimeAsync(0);
    poller.poke();
    expect(ticks.tick).toHaveBeenCalledTimes(3);
    await poller.stop();
  });

  it('keeps going after a failed pass, and reports it', async () => {
    const onError = vi.fn();
    let calls = 0;
    const tick = vi.fn(async () => {
      calls += 1;
      if (calls === 1) throw new Error('database gone');
    });
    const poller = startPoller({ tick, intervalMs: 1000, onError });
    await vi.advanceTimersByTimeAsync(0);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'database gone' }));
    await vi.advanceTimersByTimeAsync(2000);
    expect(tick).toHaveBeenCalledTimes(3);
    expect(onError).toHaveBeenCalledTimes(1);
    await poller.stop();
  });

  it('stops cleanly: aborts the running pass, waits for it, and starts none after', async () => {
    const ticks = controlledTicks();
    const poller = startPoller({ tick: ticks.tick, intervalMs: 1000, onError: () => {} });
    poller.poke();
    let stopped = false;
    const stopping = poller.stop().then(() => (stopped = true));
    expect(ticks.signals[0]!.aborted).toBe(true);
    await stopping;
    expect(stopped).toBe(true);
    // Neither the poke made during the pass nor the timer nor a later poke starts another.
    poller.poke();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(ticks.tick).toHaveBeenCalledTimes(1);
  });

  it('waits for a pass that does not watch its signal before stop resolves', async () => {
    let finish = () => {};
    const tick = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const poller = startPoller({ tick, intervalMs: 1000, onError: () => {} });
    let stopped = false;
    const stopping = poller.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
  });
});
