import { sql, type Kysely } from 'kysely';

/**
 * Insights rollups made incremental (issue 17): impressions are added from the events past a
 * watermark (the last log_events id counted) instead of recounting days from the raw events, so
 * a pass reads only what arrived since the last one and no event is counted twice.
 * The impressions counted so far are cleared and the watermark starts at 0: the first pass after
 * this migration counts the kept raw events once, and every later pass only the new ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE insight_watermark (
    id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
    last_event_id bigint NOT NULL DEFAULT 0,
    rolled_at timestamptz
  )`.execute(db);
  await sql`INSERT INTO insight_watermark (id, last_event_id) VALUES (1, 0)`.execute(db);
  await sql`DELETE FROM insight_post_days`.execute(db);
  await sql`UPDATE insight_days SET impressions = 0`.execute(db);
  // The insights page sums each listed post's impressions over the window: an index-only range.
  await sql`CREATE INDEX insight_post_days_post_cover ON insight_post_days (post_id, day) INCLUDE (impressions)`.execute(db);
  // The per-post rows were deleted per blog and day by the old full rebuild; nothing reads them so now.
  await sql`DROP INDEX IF EXISTS insight_post_days_blog`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS insight_post_days_blog ON insight_post_days (blog_id, day)`.execute(db);
  await sql`DROP INDEX IF EXISTS insight_post_days_post_cover`.execute(db);
  await sql`DROP TABLE IF EXISTS insight_watermark`.execute(db);
}
