import { sql } from 'kysely';
import type { Db } from '../db/schema';
import { utcDay } from './ingest';

/** Any constant shared by every rollup: two passes over the same days wait for each other. */
const ROLLUP_LOCK = 170_017;

const DAY_MS = 24 * 60 * 60_000;

/** The first UTC day of a window of `days` days ending today. */
export const windowStart = (now: Date, days: number) => utcDay(new Date(now.getTime() - (days - 1) * DAY_MS));

/**
 * Rebuilds the insights rollups (insight_days, insight_post_days) for the days from `since` on, for
 * one blog or for all: delete those days and insert them again from the sources, in one transaction,
 * so a reader sees the old figures or the new ones. Recounting whole days (not adding increments)
 * makes a rerun harmless and picks up late events and undone likes or follows.
 * Sources: post_impression events (log_events), likes, published reblogs, replies and follows.
 */
export async function rollUpInsights(db: Db, { since, blogId }: { since: string; blogId: string | null }) {
  const blog = (column: string) => (blogId === null ? sql`` : sql`AND ${sql.ref(column)} = ${blogId}`);
  const sinceTs = sql`${since}::date::timestamp AT TIME ZONE 'UTC'`;
  const dayOf = (column: string) => sql`(${sql.ref(column)} AT TIME ZONE 'UTC')::date`;
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${ROLLUP_LOCK})`.execute(trx);
    await sql`DELETE FROM insight_days WHERE day >= ${since}::date ${blog('blog_id')}`.execute(trx);
    await sql`DELETE FROM insight_post_days WHERE day >= ${since}::date ${blog('blog_id')}`.execute(trx);
    await sql`INSERT INTO insight_post_days (post_id, blog_id, day, impressions)
      SELECT e.post_id, p.blog_id, e.day, count(*)
      FROM log_events e JOIN posts p ON p.id = e.post_id
      WHERE e.name = 'post_impression' AND e.day >= ${since}::date ${blog('p.blog_id')}
      GROUP BY e.post_id, p.blog_id, e.day`.execute(trx);
    await sql`INSERT INTO insight_days (blog_id, day, impressions, likes, reblogs, replies, follows)
      SELECT blog_id, day, sum(impressions), sum(likes), sum(reblogs), sum(replies), sum(follows)
      FROM (
        SELECT blog_id, day, impressions, 0 AS likes, 0 AS reblogs, 0 AS replies, 0 AS follows
          FROM insight_post_days WHERE day >= ${since}::date ${blog('blog_id')}
        UNION ALL
        SELECT p.blog_id, ${dayOf('l.created_at')}, 0, 1, 0, 0, 0
          FROM likes l JOIN posts p ON p.id = l.post_id WHERE l.created_at >= ${sinceTs} ${blog('p.blog_id')}
        UNION ALL
        SELECT o.blog_id, ${dayOf('r.created_at')}, 0, 0, 1, 0, 0
          FROM posts r JOIN posts o ON o.id = r.reblog_of_id
          WHERE r.reblog_of_id IS NOT NULL AND r.state = 'published' AND r.created_at >= ${sinceTs} ${blog('o.blog_id')}
        UNION ALL
        SELECT p.blog_id, ${dayOf('x.created_at')}, 0, 0, 0, 1, 0
          FROM replies x JOIN posts p ON p.id = x.post_id WHERE x.created_at >= ${sinceTs} ${blog('p.blog_id')}
        UNION ALL
        SELECT f.blog_id, ${dayOf('f.created_at')}, 0, 0, 0, 0, 1
          FROM follows f WHERE f.created_at >= ${sinceTs} ${blog('f.blog_id')}
      ) AS figures
      GROUP BY blog_id, day`.execute(trx);
  });
}
