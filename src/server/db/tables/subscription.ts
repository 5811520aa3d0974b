import type { ColumnType } from 'kysely';

/** A follower subscribed to a blog; it exists only while the follow does (it references it). */
export interface SubscriptionTable {
  user_id: string;
  blog_id: string;
  created_at: ColumnType<Date, never, never>;
}
