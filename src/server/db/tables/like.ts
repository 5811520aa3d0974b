import type { ColumnType } from 'kysely';

/** A user likes a post, as one of their blogs (the one shown in the notes). */
export interface LikeTable {
  user_id: string;
  post_id: string;
  blog_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}
