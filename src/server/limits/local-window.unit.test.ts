import { describe, expect, it } from 'vitest';
import { LocalWindow } from './local-window';

describe('LocalWindow', () => {
  const rule = { name: 'test', limit: 3, windowMs: 60_000 };

  it('passes the limit, refuses the next with the time left, and opens a new window when it ends', () => {
    const w = new LocalWindow(rule);
    for (let i = 0; i < 3; i++) expect(w.take('a', 1_000)).toBeNull();
    const refusal = w.take('a', 31_000);
    expect(refusal?.retryAfter).toBe(30);
    expect(refusal?.resetsAt.getTime()).toBe(61_000);
    // A refusal does not move the window, and another subject has its own counter.
    expect(w.take('a', 60_999)).not.toBeNull();
    expect(w.take('b', 60_999)).toBeNull();
    expect(w.take('a', 61_000)).toBeNull();
  });

  it('holds no memory for a subject whose hits were all given back', () => {
    const w = new LocalWindow(rule);
    w.take('made-up', 0);
    w.giveBack('made-up');
    expect(w.size).toBe(0);
    w.take('real', 0);
    w.take('real', 0);
    w.giveBack('real');
    expect(w.size).toBe(1);
  });

  it('drops ended windows as time goes on', () => {
    const w = new LocalWindow(rule);
    w.take('a', 0);
    w.take('b', 70_000);
    w.take('c', 200_000);
    expect(w.size).toBe(1);
  });
});
