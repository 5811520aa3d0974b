import { sql, type Kysely } from 'kysely';

/**
 * The behaviour log's allowance per account (issue 22): the bytes stored today and the batches of the
 * current minute, one row per account, moved in the statement that stores a batch. Counted per
 * account rather than per session, so a new login does not start a new allowance.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE log_allowances (
    user_id bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    day date NOT NULL,
    bytes bigint NOT NULL,
    window_start timestamptz NOT NULL,
    window_batches integer NOT NULL
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS log_allowances`.execute(db);
}
