import type { ColumnType, Generated } from 'kysely';

/** An email sent through the share form (the hourly limit per sender counts these). */
export interface ShareEmailTable {
  id: Generated<string>;
  user_id: string;
  post_id: string | null;
  blog_id: string | null;
  email_address: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}
