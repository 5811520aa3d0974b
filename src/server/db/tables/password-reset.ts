import type { ColumnType } from 'kysely';

/** An emailed forgot-password link (account/password-reset.ts). */
export interface PasswordResetTable {
  /** sha256 of the emailed token. */
  token_hash: string;
  user_id: string;
  created_at: ColumnType<Date, never, never>;
  expires_at: Date;
}
