import type { ActionSource } from '../../../shared/notes/action-source';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** A reply to a post, by a blog; 1 to 500 characters. */
export interface ReplyTable {
  id: Generated<string>;
  post_id: string;
  blog_id: string;
  text: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  /** Where it was made (spec 1 §2); null before it was kept, or when not sent. */
  source: ColumnType<ActionSource | null, ActionSource | null | undefined, never>;
}
export type ReplyRow = Selectable<ReplyTable>;
