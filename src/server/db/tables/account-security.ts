/** One unused recovery code of a user's two-factor login (sha256 of the code). */
export interface TfaRecoveryCodeTable {
  user_id: string;
  code_hash: string;
}

/** When the batched email of one kind last went to a user, and how far it told. */
export interface EmailBatchTable {
  user_id: string;
  kind: string;
  last_sent_at: Date;
  covered_until: Date;
}
