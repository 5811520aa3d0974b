// Notifications grouped under date headers by day (spec 1 §4 "Activity popover"). Days are the
// reader's own calendar days, so this runs in the browser, against a "now" given from outside.

export interface DayGroup<T> {
  /** The day as YYYY-MM-DD in local time: a stable React key. */
  key: string;
  /** 'Today', 'Yesterday' or '3 days ago'. */
  label: string;
  /** Weekday, month and day: 'Thursday, November 19'. */
  date: string;
  items: T[];
}

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());

/** Whole calendar days from `day` to `now`; rounding absorbs a daylight-saving hour. */
export function daysBetween(day: Date, now: Date): number {
  return Math.round((startOfDay(now).getTime() - startOfDay(day).getTime()) / 86_400_000);
}

export function dayLabel(day: Date, now: Date): string {
  const days = daysBetween(day, now);
  // A clock a little ahead of ours puts activity "tomorrow": it happened today.
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return `${days} days ago`;
}

const FULL_DATE = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });

export const fullDate = (day: Date) => FULL_DATE.format(day);

const dayKey = (day: Date) =>
  `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;

/** Items (newest first, `timestamp` in unix seconds) in runs of one day each, in their order. */
export function groupByDay<T extends { timestamp: number }>(items: readonly T[], now: Date): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const day = new Date(item.timestamp * 1000);
    const key = dayKey(day);
    const last = groups[groups.length - 1];
    if (last?.key === key) last.items.push(item);
    else groups.push({ key, label: dayLabel(day, now), date: fullDate(day), items: [item] });
  }
  return groups;
}
