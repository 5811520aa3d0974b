import { describe, expect, it } from 'vitest';
import { dayLabel, fullDate, groupByDay } from './date-groups';

// Local times, so the test means the same in every time zone the machine may have.
const now = new Date(2026, 10, 19, 9, 30); // Thursday, November 19, 2026, 09:30
const at = (month: number, day: number, hour: number, minute = 0) => new Date(2026, month, day, hour, minute);
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

describe('dayLabel', () => {
  it('says Today for any time since midnight, and for a clock slightly ahead', () => {
    expect(dayLabel(at(10, 19, 0, 0), now)).toBe('Today');
    expect(dayLabel(at(10, 19, 9, 29), now)).toBe('Today');
    expect(dayLabel(at(10, 19, 23, 59), now)).toBe('Today');
  });

  it('says Yesterday for the calendar day before, even a few minutes ago', () => {
    expect(dayLabel(at(10, 18, 23, 59), now)).toBe('Yesterday');
    expect(dayLabel(at(10, 18, 0, 1), now)).toBe('Yesterday');
  });

  it('counts calendar days after that, across months', () => {
    expect(dayLabel(at(10, 17, 23, 0), now)).toBe('2 days ago');
    expect(dayLabel(at(10, 16, 12, 0), now)).toBe('3 days ago');
    expect(dayLabel(at(9, 31, 12, 0), now)).toBe('19 days ago');
  });

  it('counts whole days across a daylight-saving change', () => {
    // In zones that change clocks in early November or late October, one of these days is 25 hours long.
    expect(dayLabel(at(9, 20, 12, 0), now)).toBe('30 days ago');
  });
});

describe('fullDate', () => {
  it('names the weekday, month and day', () => {
    expect(fullDate(now)).toBe('Thursday, November 19');
    expect(fullDate(at(10, 1, 8))).toBe('Sunday, November 1');
  });
});

describe('groupByDay', () => {
  it('puts newest-first items under one header per day, with its label and full date', () => {
    const items = [
      { id: 'a', timestamp: seconds(at(10, 19, 9, 0)) },
      { id: 'b', timestamp: seconds(at(10, 19, 1, 0)) },
      { id: 'c', timestamp: seconds(at(10, 18, 22, 0)) },
      { id: 'd', timestamp: seconds(at(10, 16, 10, 0)) },
      { id: 'e', timestamp: seconds(at(10, 16, 9, 0)) },
    ];
    const groups = groupByDay(items, now);
    expect(groups.map((g) => [g.label, g.date, g.items.map((i) => i.id).join('')])).toEqual([
      ['Today', 'Thursday, November 19', 'ab'],
      ['Yesterday', 'Wednesday, November 18', 'c'],
      ['3 days ago', 'Monday, November 16', 'de'],
    ]);
    expect(groups[0]!.key).toBe('2026-11-19');
  });

  it('answers no groups for no items', () => {
    expect(groupByDay([], now)).toEqual([]);
  });
});
