/** Notes a blog received on one UTC day (kept by a trigger on notifications: migration 12). */
export interface ActivityDayTable {
  blog_id: string;
  day: string;
  notes: number;
}
