import { sql } from 'kysely';
import type { Db } from '../db/schema';
import { countedImpressions } from './impressions';
import { utcDay } from './ingest';

/** Any constant shared by every rollup: two passes wait for each other. */
const ROLLUP_LOCK = 170_017;

const DAY_MS = 24 * 60 * 60_000;

/** A backlog (the first pass after the migration, or after downtime) is counted this many events per transaction. */
export const ROLLUP_CHUNK = 1_000_000;

/** The first UTC day of a window of `days` days ending today. */
export const windowStart = (now: Date, days: number) => utcDay(new Date(now.getTime() - (days - 1) * DAY_MS));

/**
 * The highest log_events id below which every insert has committed. Ids are handed out before
 * their rows commit, so a plain max(id) could pass over a batch still being written and the
 * watermark would skip it for good. A SHARE lock waits for the inserts in flight and holds new
 * ones off for the moment it takes to read the max (one index probe), then lets go.
 */
async function settledEventId(db: Db): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await sql`LOCK TABLE log_events IN SHARE MODE`.execute(trx);
    const { rows } = await sql<{ id: string }>`SELECT coalesce(max(id), 0)::text AS id FROM log_events`.execute(trx);
    return rows[0]!.id;
  });
}

/**
 * Adds the impressions of the events past the watermark to insight_post_days and insight_days,
 * and moves the watermark, in one transaction per chunk: an event is counted exactly once, and a
 * pass reads only what arrived since the last one (log_events' primary key range). Returns how
 * many events it went through.
 */
export async function rollUpNewImpressions(db: Db): Promise<number> {
  const upper = BigInt(await settledEventId(db));
  let seen = 0;
  for (;;) {
    const done = await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${ROLLUP_LOCK})`.execute(trx);
      const { rows } = await sql<{ last: string }>`SELECT last_event_id::text AS last FROM insight_watermark WHERE id = 1 FOR UPDATE`.execute(trx);
      const from = BigInt(rows[0]!.last);
      // Another pass (one that started later) may already have gone further.
      if (from >= upper) return true;
      const to = from + BigInt(ROLLUP_CHUNK) < upper ? from + BigInt(ROLLUP_CHUNK) : upper;
      // Only the impressions that count (logging/impressions.ts): public, seen, once per reader and day.
      await sql`WITH ${countedImpressions(trx, from.toString(), to.toString())},
        per_post AS (
          INSERT INTO insight_post_days (post_id, blog_id, day, impressions)
          SELECT post_id, blog_id, day, n FROM counted
          ON CONFLICT (post_id, day) DO UPDATE SET impressions = insight_post_days.impressions + excluded.impressions
        )
        INSERT INTO insight_days (blog_id, day, impressions)
        SELECT blog_id, day, sum(n) FROM counted GROUP BY blog_id, day
        ON CONFLICT (blog_id, day) DO UPDATE SET impressions = insight_days.impressions + excluded.impressions`.execute(trx);
      await sql`UPDATE insight_watermark SET last_event_id = ${to.toString()}::bigint, rolled_at = now() WHERE id = 1`.execute(trx);
      seen += Number(to - from);
      return to >= upper;
    });
    if (done) return seen;
  }
}

/**
 * Recounts the note figures (likes, reblogs, replies, new followers) of the days from `since` on,
 * for one blog or for all. These are counted from their own tables, not from the log, and can be
 * undone (an unlike, an unfollow, a deleted reply), so a day's figure is recounted whole rather
 * than added to; impressions are left as they are.
 */
export async function recountNotes(db: Db, { since, blogId }: { since: string; blogId: string | null }) {
  const blog = (column: string) => (blogId === null ? sql`` : sql`AND ${sql.ref(column)} = ${blogId}`);
  const sinceTs = sql`${since}::date::timestamp AT TIME ZONE 'UTC'`;
  const dayOf = (column: string) => sql`(${sql.ref(column)} AT TIME ZONE 'UTC')::date`;
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${ROLLUP_LOCK})`.execute(trx);
    await sql`UPDATE insight_days SET likes = 0, reblogs = 0, replies = 0, follows = 0
      WHERE day >= ${since}::date ${blog('blog_id')} AND (likes, reblogs, replies, follows) <> (0, 0, 0, 0)`.execute(trx);
    await sql`INSERT INTO insight_days (blog_id, day, likes, reblogs, replies, follows)
      SELECT blog_id, day, sum(likes), sum(reblogs), sum(replies), sum(follows)
      FROM (
        SELECT p.blog_id, ${dayOf('l.created_at')} AS day, 1 AS likes, 0 AS reblogs, 0 AS replies, 0 AS follows
          FROM likes l JOIN posts p ON p.id = l.post_id WHERE l.created_at >= ${sinceTs} ${blog('p.blog_id')}
        UNION ALL
        SELECT o.blog_id, ${dayOf('r.created_at')}, 0, 1, 0, 0
          FROM posts r JOIN posts o ON o.id = r.reblog_of_id
          WHERE r.reblog_of_id IS NOT NULL AND r.state = 'published' AND r.created_at >= ${sinceTs} ${blog('o.blog_id')}
        UNION ALL
        SELECT p.blog_id, ${dayOf('x.created_at')}, 0, 0, 1, 0
          FROM replies x JOIN posts p ON p.id = x.post_id WHERE x.created_at >= ${sinceTs} ${blog('p.blog_id')}
        UNION ALL
        SELECT f.blog_id, ${dayOf('f.created_at')}, 0, 0, 0, 1
          FROM follows f WHERE f.created_at >= ${sinceTs} ${blog('f.blog_id')}
      ) AS figures
      GROUP BY blog_id, day
      ON CONFLICT (blog_id, day) DO UPDATE SET
        likes = excluded.likes, reblogs = excluded.reblogs, replies = excluded.replies, follows = excluded.follows`.execute(trx);
  });
}
