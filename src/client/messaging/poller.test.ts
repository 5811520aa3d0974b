import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessagingPoller, STREAM_HEARTBEAT_MULTIPLIER, unreadChanged } from './poller';
import { connectStream, STREAM_SILENCE_MS } from './stream';
import type { PollAnswer } from './types';

const flush = async () => {
  // Lets the poll's promise chain settle under fake timers.
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

function setup(answers: Array<PollAnswer | Error>, changed = () => false) {
  let now = 0;
  const fetch = vi.fn(async () => {
    const next = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (next instanceof Error) throw next;
    return next;
  });
  const onAnswer = vi.fn(changed);
  const poller = new MessagingPoller({ fetch, onAnswer, now: () => now });
  return { poller, fetch, onAnswer, advanceClock: (ms: number) => (now += ms) };
}

/** Advances fake time by `ms` and lets any poll that fell due finish. */
const tick = async (ms: number) => {
  await vi.advanceTimersByTimeAsync(ms);
  await flush();
};

describe('the messaging poller', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('does nothing while neither the inbox nor a conversation is open', async () => {
    const { poller, fetch } = setup([{ unread_messages: {} }]);
    await tick(600_000);
    expect(fetch).not.toHaveBeenCalled();
    expect(poller.state).toBe('idle');
  });

  it('polls at once when the inbox opens, then backs off 1,1,2,2,4 × 15 s while nothing changes', async () => {
    const { poller, fetch } = setup([{ unread_messages: {} }]);
    poller.setMode('inbox');
    await flush();
    expect(fetch).toHaveBeenCalledTimes(1);
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      waits.push(poller.delay());
      await tick(poller.delay() - 1);
      expect(fetch).toHaveBeenCalledTimes(1 + i);
      await tick(1);
      expect(fetch).toHaveBeenCalledTimes(2 + i);
    }
    // The first poll found nothing (step 1), so the waits start at the second multiplier.
    expect(waits).toEqual([15_000, 30_000, 30_000, 60_000, 60_000, 60_000]);
  });

  it('uses the conversation multipliers over the server frequency while a conversation is open', async () => {
    const { poller } = setup([{ unread_messages: {} }]);
    poller.setFrequencies({ inbox: 10, conversation: 2 });
    const expected = [1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 8, 8, 8, 8, 16, 16].map((m) => m * 2000);
    const seen = expected.map((_, step) => {
      poller.step = step;
      poller.mode = 'conversation';
      return poller.delay();
    });
    expect(seen).toEqual(expected);
    poller.mode = 'inbox';
    poller.step = 0;
    expect(poller.delay()).toBe(10_000);
  });

  it('goes back to the fastest pace when the counts change', async () => {
    const { poller, fetch } = setup([{ unread_messages: {} }], () => fetch.mock.calls.length === 4);
    poller.setMode('inbox');
    await flush();
    await tick(15_000);
    await tick(30_000);
    await tick(30_000);
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(poller.step).toBe(0);
    expect(poller.delay()).toBe(15_000);
  });

  it('stops after more than 3 errors in a row, and a success in between resets the count', async () => {
    const boom = new Error('down');
    const { poller, fetch } = setup([boom, boom, boom, { unread_messages: {} }, boom, boom, boom, boom, boom]);
    poller.setMode('inbox');
    await flush();
    for (let i = 0; i < 20; i++) await tick(60_000);
    // 3 errors, a success, then 4 errors: stopped after the 4th.
    expect(fetch).toHaveBeenCalledTimes(8);
    expect(poller.state).toBe('stopped');
    await tick(600_000);
    expect(fetch).toHaveBeenCalledTimes(8);
  });

  it('typing polls at once and resets the pace, at most once per 30 s', async () => {
    const { poller, fetch, advanceClock } = setup([{ unread_messages: {} }]);
    poller.setMode('conversation');
    await flush();
    await tick(60_000);
    expect(poller.step).toBe(2);
    poller.typing();
    await flush();
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(poller.step).toBe(1);
    advanceClock(29_999);
    poller.typing();
    await flush();
    expect(fetch).toHaveBeenCalledTimes(3);
    advanceClock(1);
    poller.typing();
    await flush();
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('a poke polls at once even with nothing open, without scheduling more', async () => {
    const { poller, fetch } = setup([{ unread_messages: { k: { c: 1 } } }], () => true);
    poller.poke();
    await flush();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(poller.state).toBe('idle');
    await tick(600_000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('stops when everything closes', async () => {
    const { poller, fetch } = setup([{ unread_messages: {} }]);
    poller.setMode('inbox');
    await flush();
    poller.setMode('off');
    await tick(600_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(poller.state).toBe('idle');
  });

  it('ignores an answer flagged error=true', async () => {
    const { poller, onAnswer } = setup([{ error: true }]);
    poller.poke();
    await flush();
    expect(onAnswer).not.toHaveBeenCalled();
  });
});

describe('the poller while the live stream is connected', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps only a heartbeat of 16 × the base (4 minutes for the inbox), and the spec pace once the stream drops', async () => {
    const { poller, fetch } = setup([{ unread_messages: {} }]);
    expect(STREAM_HEARTBEAT_MULTIPLIER).toBe(16);
    poller.setMode('inbox');
    await flush();
    expect(fetch).toHaveBeenCalledTimes(1);
    poller.setStreamConnected(true);
    expect(poller.delay()).toBe(240_000);
    // Nothing for four minutes, however many steps the spec's schedule would have taken.
    await tick(239_999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await tick(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await tick(240_000);
    expect(fetch).toHaveBeenCalledTimes(3);
    // A poke still polls at once, and the wait after it is the heartbeat again.
    poller.poke();
    await flush();
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(poller.delay()).toBe(240_000);
    // The stream drops: the spec's pace from its first step (15 s), not the heartbeat's remainder.
    await tick(100_000);
    poller.setStreamConnected(false);
    expect(poller.delay()).toBe(15_000);
    await tick(14_999);
    expect(fetch).toHaveBeenCalledTimes(4);
    await tick(1);
    expect(fetch).toHaveBeenCalledTimes(5);
    await tick(15_000);
    expect(fetch).toHaveBeenCalledTimes(6);
    await tick(30_000);
    expect(fetch).toHaveBeenCalledTimes(7);
  });

  it('uses the conversation base under a connected stream: 60 s × 16', async () => {
    const { poller, fetch } = setup([{ unread_messages: {} }]);
    poller.setStreamConnected(true);
    poller.setMode('conversation');
    await flush();
    expect(poller.delay()).toBe(960_000);
    await tick(959_999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await tick(1);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('hears the stream open and drop through connectStream', () => {
    const listeners = new Map<string, Array<() => void>>();
    const source = {
      readyState: 0,
      onerror: null,
      close: vi.fn(),
      addEventListener: (name: string, listener: () => void) => listeners.set(name, [...(listeners.get(name) ?? []), listener]),
    };
    const emit = (name: string) => listeners.get(name)?.forEach((listener) => listener());
    const connected = vi.fn();
    const poke = vi.fn();
    const handle = connectStream('tok', poke, () => source as never, connected);
    emit('open');
    expect(connected).toHaveBeenLastCalledWith(true);
    expect(poke).not.toHaveBeenCalled();
    emit('error');
    expect(connected).toHaveBeenLastCalledWith(false);
    // The browser reconnects by itself: connected again, and a poll catches up on what was missed.
    emit('open');
    expect(connected).toHaveBeenLastCalledWith(true);
    expect(poke).toHaveBeenCalledTimes(1);
    handle.close();
    expect(source.close).toHaveBeenCalled();
    expect(connected).toHaveBeenLastCalledWith(false);
  });

  it('takes a stream that says nothing for 60 s as stalled: dropped, then a new one', () => {
    vi.useFakeTimers();
    try {
      const made: Array<{ listeners: Map<string, Array<() => void>>; close: ReturnType<typeof vi.fn> }> = [];
      const create = () => {
        const listeners = new Map<string, Array<() => void>>();
        const source = { readyState: 0, onerror: null, close: vi.fn(), listeners, addEventListener: (name: string, listener: () => void) => listeners.set(name, [...(listeners.get(name) ?? []), listener]) };
        made.push(source);
        return source as never;
      };
      const emit = (k: number, name: string) => made[k]!.listeners.get(name)?.forEach((listener) => listener());
      const connected = vi.fn();
      const handle = connectStream('tok', vi.fn(), create, connected);
      emit(0, 'open');
      // Heartbeats keep it alive past the silence limit.
      vi.advanceTimersByTime(STREAM_SILENCE_MS - 1000);
      emit(0, 'heartbeat');
      vi.advanceTimersByTime(STREAM_SILENCE_MS - 1000);
      expect(made).toHaveLength(1);
      expect(connected).toHaveBeenLastCalledWith(true);
      // Then nothing: the stream counts as dropped and a new one is opened.
      vi.advanceTimersByTime(1000);
      expect(made[0]!.close).toHaveBeenCalled();
      expect(connected).toHaveBeenLastCalledWith(false);
      expect(made).toHaveLength(2);
      handle.close();
      vi.advanceTimersByTime(STREAM_SILENCE_MS * 2);
      expect(made).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('unreadChanged', () => {
  it('compares counts, not key order, and treats zero as nothing', () => {
    expect(unreadChanged({ a: { x: 1 } }, { a: { x: 1 } })).toBe(false);
    expect(unreadChanged({ a: { x: 1, y: 0 } }, { a: { x: 1 } })).toBe(false);
    expect(unreadChanged({ a: { x: 1 } }, { a: { x: 2 } })).toBe(true);
    expect(unreadChanged(undefined, { a: { x: 1 } })).toBe(true);
    expect(unreadChanged({ a: {} }, undefined)).toBe(false);
  });
});
