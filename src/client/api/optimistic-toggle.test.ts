import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { requestToggle, type ToggleTarget } from './optimistic-toggle';

/** A server whose answers the test gives, one call at a time. */
function server() {
  const calls: { wanted: boolean; answer: (liked: boolean) => void; fail: () => void }[] = [];
  const send = (wanted: boolean) => () =>
    new Promise<boolean>((resolve, reject) => calls.push({ wanted, answer: resolve, fail: () => reject(new Error('500')) }));
  return { calls, send };
}

function setup(start = false) {
  const queryClient = new QueryClient();
  const shown: boolean[] = [];
  const { calls, send } = server();
  let state = start;
  const target: ToggleTarget<boolean> = { key: 'like:1', current: () => state, show: (s) => shown.push((state = s)) };
  const wish = (wanted: boolean) =>
    requestToggle(queryClient, target, { kind: 'like', next: () => wanted, needed: (c) => c !== wanted, send: send(wanted) });
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { calls, wish, flush, now: () => state, shown };
}

describe('requestToggle', () => {
  it('shows the wish at once and falls back to the last confirmed state when the call fails', async () => {
    const { calls, wish, now } = setup(false);
    const like = wish(true);
    expect(now()).toBe(true);
    calls[0]!.fail();
    await expect(like).rejects.toThrow('500');
    expect(now()).toBe(false);
  });

  it('sends one call at a time, and only what is still needed once the clicking stops', async () => {
    const { calls, wish, now, flush } = setup(false);
    const first = wish(true);
    void wish(false);
    const last = wish(true);
    expect(now()).toBe(true);
    expect(calls).toHaveLength(1);
    calls[0]!.answer(true);
    // The like went through; unlike-then-like waiting wants nothing more.
    await expect(first).resolves.toBe(true);
    await expect(last).resolves.toBe(true);
    await flush();
    expect(calls).toHaveLength(1);
    expect(now()).toBe(true);
  });

  it('sends the next call after the first answered, and falls back to what the server last confirmed when it fails', async () => {
    const { calls, wish, now, flush } = setup(false);
    void wish(true);
    const unlike = wish(false);
    expect(now()).toBe(false);
    calls[0]!.answer(true);
    await flush();
    expect(calls.map((c) => c.wanted)).toEqual([true, false]);
    calls[1]!.fail();
    await expect(unlike).rejects.toThrow();
    expect(now()).toBe(true);
  });

  it('keeps the waiting wish on screen while an earlier call fails', async () => {
    const { calls, wish, now, flush } = setup(true);
    const unlike = wish(false);
    void wish(true);
    void wish(false);
    calls[0]!.fail();
    await expect(unlike).rejects.toThrow();
    // The server still says liked; the last wish (unlike) shows and goes out.
    expect(now()).toBe(false);
    await flush();
    expect(calls.map((c) => c.wanted)).toEqual([false, false]);
  });
});
