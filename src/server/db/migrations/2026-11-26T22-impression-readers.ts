import { sql, type Kysely } from 'kysely';

/**
 * Impressions count once per reader, post and day (issue 22, logging/impressions.ts): the readers
 * the rollup already counted, kept for two days. The primary key is the rollup's "seen already?"
 * probe and its `day` prefix serves the prune.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE insight_impression_readers (
    day date NOT NULL,
    post_id bigint NOT NULL,
    user_id bigint NOT NULL,
    PRIMARY KEY (day, post_id, user_id)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS insight_impression_readers`.execute(db);
}
