import type { ColumnType, Generated, Selectable } from 'kysely';

/** A reply to a post, by a blog; 1 to 500 characters. */
export interface ReplyTable {
  id: Generated<string>;
  post_id: string;
  blog_id: string;
  text: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}
export type ReplyRow = Selectable<ReplyTable>;
