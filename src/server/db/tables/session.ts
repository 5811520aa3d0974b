import type { ColumnType, Generated } from 'kysely';

export interface SessionTable {
  /** sha256 of the cookie token: a copy of the table does not hand out sessions. */
  id: string;
  user_id: string;
  /** Per-session secret every POST, PUT and DELETE must carry. */
  form_key: string;
  created_at: ColumnType<Date, never, never>;
  expires_at: Date;
  /** The id the sessions list shows and ends sessions by. */
  handle: Generated<string>;
  /** Browser and system, read from the User-Agent at login. */
  device: Generated<string>;
  /** A short hash of the client address at login: comparable, not readable. */
  address_hash: Generated<string>;
  last_used_at: Generated<Date>;
}
