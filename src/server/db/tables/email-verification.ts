import type { ColumnType } from 'kysely';

export interface EmailVerificationTable {
  /** sha256 of the emailed token. */
  token_hash: string;
  user_id: string;
  created_at: ColumnType<Date, never, never>;
  expires_at: Date;
}
