// Which logged `post_impression` events count toward a blog's insights (issue 22): anyone logged
// in may log anything, so the log is a claim, not a fact. An impression counts only when the post
// is public (published, not private, its blog not suspended: visibility.ts), its reader may see
// it (no block between them), and only once per reader, post and day. Events without a reader
// count nothing: they could not be told apart.
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/schema';
import { notAcrossBlock, publicBlog, publicPost } from '../visibility';

/** Readers already counted are kept this many days: the rollup may reach yesterday's events late. */
export const IMPRESSION_READERS_KEEP_DAYS = 2;

/**
 * CTEs for the rollup of the events with ids in (from, to], ending in `counted` (post_id,
 * blog_id, day, n): the first impression of each reader, post and day that passes the rules.
 * The readers are remembered in insight_impression_readers, so a later pass does not count the
 * same reader again that day; a pass runs under the rollup's lock, so two never race for one.
 */
export const countedImpressions = (db: Db, from: string, to: string): RawBuilder<unknown> => sql`
  seen AS (
    SELECT DISTINCT e.day, e.post_id, e.user_id
    FROM log_events e
    JOIN posts p ON p.id = e.post_id
    JOIN blogs b ON b.id = p.blog_id
    WHERE e.id > ${from}::bigint AND e.id <= ${to}::bigint AND e.name = 'post_impression' AND e.user_id IS NOT NULL
      AND ${publicPost('p')} AND ${publicBlog('b')}
      AND (b.user_id = e.user_id OR ${notAcrossBlock(db, 'b.id', sql.ref<string>('e.user_id'))})
  ),
  first_seen AS (
    INSERT INTO insight_impression_readers (day, post_id, user_id)
    SELECT day, post_id, user_id FROM seen
    ON CONFLICT DO NOTHING
    RETURNING day, post_id
  ),
  counted AS (
    SELECT f.post_id, p.blog_id, f.day, count(*)::int AS n
    FROM first_seen f JOIN posts p ON p.id = f.post_id
    GROUP BY f.post_id, p.blog_id, f.day
  )`;

/** Forgets the readers of days the rollup will not see again. */
export async function pruneImpressionReaders(db: Db, today: string): Promise<void> {
  await sql`DELETE FROM insight_impression_readers WHERE day < ${today}::date - ${IMPRESSION_READERS_KEEP_DAYS}::int`.execute(db);
}
