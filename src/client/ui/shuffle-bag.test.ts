import { describe, expect, it } from 'vitest';
import { createShuffleBag } from './shuffle-bag';

describe('createShuffleBag', () => {
  it('gives every index once before any repeats, many rounds over', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const next = createShuffleBag(5, random);
    let previous = -1;
    for (let round = 0; round < 20; round++) {
      const picks = Array.from({ length: 5 }, () => next());
      expect([...picks].sort()).toEqual([0, 1, 2, 3, 4]);
      expect(picks[0]).not.toBe(previous);
      previous = picks[4]!;
    }
  });
  it('never repeats the last one across a refill even when chance offers it', () => {
    const next = createShuffleBag(3, () => 0.99);
    const picks = Array.from({ length: 9 }, () => next());
    picks.slice(1).forEach((pick, i) => expect(pick).not.toBe(picks[i]));
  });
});
