import { describe, expect, it } from 'vitest';
import { groupMessages, messageTime } from './grouping';

const at = (participant: string, time: number) => ({ participant, time });
const MIN = 60_000;
const HOUR = 3_600_000;

describe('message grouping', () => {
  it('collapses one participant within 60 s, and starts a group on a change of sender', () => {
    const grouped = groupMessages([at('a', 0), at('a', 30_000), at('a', 30_000 + MIN), at('b', 100_000 + MIN), at('a', 101_000 + MIN)]);
    expect(grouped.map((g) => g.isCollapsed)).toEqual([false, true, true, false, false]);
    expect(grouped.map((g) => g.collapseGroup)).toEqual([1, 1, 1, 2, 3]);
  });

  it('does not collapse past 60 s', () => {
    const grouped = groupMessages([at('a', 0), at('a', MIN + 1)]);
    expect(grouped.map((g) => g.isCollapsed)).toEqual([false, false]);
  });

  it('puts a timestamp header first and where the gap exceeds one hour, not at exactly one hour', () => {
    const grouped = groupMessages([at('a', 0), at('b', HOUR), at('b', 2 * HOUR + 1), at('b', 2 * HOUR + 2)]);
    expect(grouped.map((g) => g.tsHeader)).toEqual([true, false, true, false]);
    expect(grouped.map((g) => g.isCollapsed)).toEqual([false, false, false, true]);
  });

  it('reads a time from a time-sortable id, or from timestamp when given', () => {
    const ms = 1_790_000_000_000;
    expect(messageTime({ ts: ((BigInt(ms) << 16n) | 7n).toString() })).toBe(ms);
    expect(messageTime({ ts: '1', timestamp: 5 })).toBe(5);
    expect(messageTime({ ts: 'junk' })).toBe(0);
  });
});
