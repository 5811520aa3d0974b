import type { ColumnType, Generated } from 'kysely';

/** A blog blocks another blog (the rules: blocks/queries.ts). */
export interface BlockTable {
  blocker_blog_id: string;
  blocked_blog_id: string;
  context: Generated<string>;
  created_at: ColumnType<Date, never, never>;
}
