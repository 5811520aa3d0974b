import type { ActionSource } from '../../../shared/notes/action-source';
import type { ColumnType } from 'kysely';

/** A user likes a post, as one of their blogs (the one shown in the notes). */
export interface LikeTable {
  user_id: string;
  post_id: string;
  blog_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  /** Where it was made (spec 1 §2); null before it was kept, or when not sent. */
  source: ColumnType<ActionSource | null, ActionSource | null | undefined, never>;
}
