import type { ColumnType, Generated, Selectable } from 'kysely';

/** A report of a post, for the moderators. */
export interface ReportTable {
  id: Generated<string>;
  post_id: string;
  reporter_user_id: string | null;
  reason: string;
  message: Generated<string>;
  created_at: ColumnType<Date, never, never>;
  resolved_at: Date | null;
}
export type ReportRow = Selectable<ReportTable>;
