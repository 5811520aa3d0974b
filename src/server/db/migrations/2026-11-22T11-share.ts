import { sql, type Kysely } from 'kysely';

/**
 * One open report per reporter and post: reporting again while the first is open is the same
 * report (POST /svc/post/report inserts with "on conflict do nothing" against this index).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unique index reports_open_once_idx on reports (reporter_user_id, post_id) where resolved_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index reports_open_once_idx`.execute(db);
}
