import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOG_LIMITS, storedEventBytes, type LogEvent } from '../../shared/logging/limits';
import { LogQueue } from './log-queue';

function setup(answers: Array<boolean | Error> = [true], options: { maxKept?: number; maxBatch?: number } = {}) {
  const sent: Array<{ events: LogEvent[]; unload: boolean }> = [];
  const send = vi.fn(async (events: LogEvent[], how: { unload: boolean }) => {
    const next = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (next instanceof Error) throw next;
    if (next) sent.push({ events, unload: how.unload });
    return next;
  });
  const queue = new LogQueue({ send, now: () => 1000, ...options });
  return { queue, send, sent };
}

describe('the client log queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the waiting events as one batch every 15 s, and nothing when nothing waits', async () => {
    const { queue, send, sent } = setup();
    queue.setEnabled(true);
    queue.log('post_impression', { post_id: '12', blog_uuid: 't:abc' });
    queue.log('drawer.load', { blog: 'cats' });
    await vi.advanceTimersByTimeAsync(14_999);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([
      {
        events: [
          { name: 'post_impression', ts: 1000, post_id: '12', blog_uuid: 't:abc' },
          { name: 'drawer.load', ts: 1000, blog: 'cats' },
        ],
        unload: false,
      },
    ]);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends nothing, ever, when the logging flag is off, and forgets what waited', async () => {
    const { queue, send } = setup();
    queue.log('early'); // before the flag is known it waits
    queue.setEnabled(false);
    queue.log('drawer.close');
    await vi.advanceTimersByTimeAsync(60_000);
    await queue.flush(true);
    expect(send).not.toHaveBeenCalled();
    expect(queue.pending).toBe(0);
  });

  it('keeps events logged before the flag is known and sends them once it is on', async () => {
    const { queue, sent } = setup();
    queue.log('drawer.load');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sent).toHaveLength(0);
    queue.setEnabled(true);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(sent[0]!.events.map((e) => e.name)).toEqual(['drawer.load']);
  });

  it('keeps a failed batch (refused or thrown) for the next send, ahead of newer events', async () => {
    const { queue, send, sent } = setup([false, new Error('offline'), true]);
    queue.setEnabled(true);
    queue.log('a');
    await vi.advanceTimersByTimeAsync(15_000);
    queue.log('b');
    await vi.advanceTimersByTimeAsync(15_000);
    expect(sent).toHaveLength(0);
    expect(queue.pending).toBe(2);
    queue.log('c');
    await vi.advanceTimersByTimeAsync(15_000);
    expect(send).toHaveBeenCalledTimes(3);
    expect(sent[0]!.events.map((e) => e.name)).toEqual(['a', 'b', 'c']);
    expect(queue.pending).toBe(0);
  });

  it('keeps at most maxKept events, dropping the oldest, also when a send fails', async () => {
    const { queue, sent } = setup([false, true], { maxKept: 3 });
    queue.setEnabled(true);
    for (const name of ['a', 'b', 'c', 'd']) queue.log(name);
    expect(queue.pending).toBe(3);
    await vi.advanceTimersByTimeAsync(15_000); // refused: b, c, d come back
    queue.log('e');
    expect(queue.pending).toBe(3);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(sent[0]!.events.map((e) => e.name)).toEqual(['c', 'd', 'e']);
  });

  it('splits what waits into batches of maxBatch', async () => {
    const { queue, sent } = setup([true], { maxBatch: 2 });
    queue.setEnabled(true);
    for (const name of ['a', 'b', 'c', 'd', 'e']) queue.log(name);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(sent.map((s) => s.events.length)).toEqual([2, 2, 1]);
  });

  it('splits what waits by bytes too, and keeps no event the server would refuse for its size', async () => {
    const { queue, sent } = setup();
    queue.setEnabled(true);
    // About 1,000 stored bytes each: 33 of them fit the 32 KB a batch may take.
    for (let i = 0; i < 40; i++) queue.log('big', { a: 'x'.repeat(480), b: 'y'.repeat(480) });
    queue.log('too_big', { a: 'x'.repeat(1100) });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(sent.map((s) => s.events.length)).toEqual([33, 7]);
    for (const batch of sent) expect(batch.events.reduce((sum, e) => sum + storedEventBytes(e), 0)).toBeLessThanOrEqual(LOG_LIMITS.maxBatchBytes);
    expect(sent.flatMap((s) => s.events).some((e) => e.name === 'too_big')).toBe(false);
  });

  it('on unload hands everything to the transport marked as unload (the beacon path)', async () => {
    const { queue, sent } = setup();
    queue.setEnabled(true);
    queue.log('drawer.close');
    await queue.flush(true);
    expect(sent).toEqual([{ events: [{ name: 'drawer.close', ts: 1000 }], unload: true }]);
  });

  it('does not start a second interval send while one is still on its way', async () => {
    let release: (ok: boolean) => void = () => {};
    const send = vi.fn(() => new Promise<boolean>((resolve) => (release = resolve)));
    const queue = new LogQueue({ send });
    queue.setEnabled(true);
    queue.log('a');
    await vi.advanceTimersByTimeAsync(15_000);
    queue.log('b');
    await vi.advanceTimersByTimeAsync(15_000);
    expect(send).toHaveBeenCalledTimes(1);
    release(true);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(send).toHaveBeenCalledTimes(2);
  });
});
