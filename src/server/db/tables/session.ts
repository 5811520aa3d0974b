import type { ColumnType } from 'kysely';

export interface SessionTable {
  /** sha256 of the cookie token: a copy of the table does not hand out sessions. */
  id: string;
  user_id: string;
  /** Per-session secret every POST, PUT and DELETE must carry. */
  form_key: string;
  created_at: ColumnType<Date, never, never>;
  expires_at: Date;
}
