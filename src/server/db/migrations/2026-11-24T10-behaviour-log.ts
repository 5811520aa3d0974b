import { sql, type Kysely } from 'kysely';

/**
 * The behaviour log (spec 2 §7 "Logging and ads") and the insights rollups built from it.
 *
 * log_events is append-only and pruned by day (retention in src/server/logging/retention.ts) rather
 * than declaratively partitioned: PGlite and PostgreSQL must run the same migrations, and a
 * partitioned parent needs a partition created ahead of every day (a job of its own, and one more
 * way for an insert to fail at midnight). A `day` column with an index makes pruning one indexed
 * DELETE per expired day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO feature_flags (name, enabled, description)
    VALUES ('logging', true, 'Send behaviour logs (impressions, drawer and messaging events).')
    ON CONFLICT (name) DO NOTHING`.execute(db);
  await sql`CREATE TABLE log_events (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    day date NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    client_ts timestamptz,
    user_id bigint,
    name text NOT NULL,
    post_id bigint,
    fields jsonb NOT NULL DEFAULT '{}'::jsonb
  )`.execute(db);
  // Serves the prune job (DELETE of expired days) and the periodic rollup of recent days.
  await sql`CREATE INDEX log_events_day ON log_events (day, name)`.execute(db);
  // Serves an owner's refresh: the impressions of one blog's posts over a range of days.
  await sql`CREATE INDEX log_events_post_day ON log_events (post_id, day) WHERE post_id IS NOT NULL`.execute(db);

  // Per blog and day: what the insights chart reads (one indexed range per request).
  await sql`CREATE TABLE insight_days (
    blog_id bigint NOT NULL REFERENCES blogs(id) ON DELETE CASCADE,
    day date NOT NULL,
    impressions integer NOT NULL DEFAULT 0,
    likes integer NOT NULL DEFAULT 0,
    reblogs integer NOT NULL DEFAULT 0,
    replies integer NOT NULL DEFAULT 0,
    follows integer NOT NULL DEFAULT 0,
    PRIMARY KEY (blog_id, day)
  )`.execute(db);
  // Per post and day: the per-post figures of the insights page (summed over the chosen days).
  await sql`CREATE TABLE insight_post_days (
    post_id bigint NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
    blog_id bigint NOT NULL REFERENCES blogs(id) ON DELETE CASCADE,
    day date NOT NULL,
    impressions integer NOT NULL DEFAULT 0,
    PRIMARY KEY (post_id, day)
  )`.execute(db);
  // Serves the per-post list of one blog over a range of days.
  await sql`CREATE INDEX insight_post_days_blog ON insight_post_days (blog_id, day)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS insight_post_days`.execute(db);
  await sql`DROP TABLE IF EXISTS insight_days`.execute(db);
  await sql`DROP TABLE IF EXISTS log_events`.execute(db);
  await sql`DELETE FROM feature_flags WHERE name = 'logging'`.execute(db);
}
