import type { ColumnType } from 'kysely';

/** A user follows a blog. */
export interface FollowTable {
  user_id: string;
  blog_id: string;
  created_at: ColumnType<Date, never, never>;
}
