import { sql } from 'kysely';
import type { Db } from '../db/schema';
import { discoverableBlog, publicPost } from '../visibility';

/** How long one computed rollup serves every request of this process. */
export const EXPLORE_ROLLUP_MS = 60_000;
export const TRENDING_TAGS = 20;
/** Popular posts kept in the rollup: more than a page, so viewers' blocks and safe mode can drop some. */
const POPULAR_KEPT = 100;
/** The newest public posts of the window that are counted: bounds the work on a busy instance. */
const POPULAR_CANDIDATES = 2000;

export interface ExploreRollup {
  trending: Array<{ tag: string; post_count: number }>;
  /** Post ids, most notes first. */
  popular: string[];
}

/** The first id made `hours` ago: ids carry their milliseconds above the low 16 bits (next_id()). */
const idHoursAgo = (hours: number) => sql<string>`((extract(epoch from now() - ${`${hours} hours`}::interval) * 1000)::bigint << 16)`;

/**
 * Trending: the tags most used by public posts of the last 24 hours, never counting spam or
 * suspended blogs: post_tags_recent_idx reads only that day's rows.
 */
async function trendingTags(db: Db) {
  const { rows } = await sql<{ tag: string; post_count: string }>`
    select pt.tag, count(*) as post_count
    from post_tags pt
    join blogs b on b.id = pt.blog_id
    where pt.publish_id >= ${idHoursAgo(24)} and ${discoverableBlog('b')}
    group by pt.tag
    order by count(*) desc, pt.tag
    limit ${TRENDING_TAGS}`.execute(db);
  return rows.map((r) => ({ tag: r.tag, post_count: Number(r.post_count) }));
}

/**
 * Popular: public posts of the last 48 hours (the newest POPULAR_CANDIDATES of them, through
 * posts_recent_public_idx), by their notes (likes, public reblogs, replies: each an indexed count,
 * as the note counts of every list), never from spam or suspended blogs.
 */
async function popularPosts(db: Db) {
  const { rows } = await sql<{ id: string }>`
    with recent as (
      select p.id, p.publish_id from posts p
      where p.publish_id >= ${idHoursAgo(48)} and ${publicPost('p')}
      order by p.publish_id desc
      limit ${POPULAR_CANDIDATES}
    )
    select r.id from recent r
    join posts p on p.id = r.id
    join blogs b on b.id = p.blog_id
    where ${discoverableBlog('b')}
    order by
      (select count(*) from likes l where l.post_id = r.id)
      + (select count(*) from posts x where x.reblog_of_id = r.id and ${publicPost('x')})
      + (select count(*) from replies y where y.post_id = r.id) desc,
      r.publish_id desc
    limit ${POPULAR_KEPT}`.execute(db);
  return rows.map((r) => r.id);
}

const computed = new WeakMap<Db, { at: number; rollup: Promise<ExploreRollup> }>();

/**
 * The rollup, computed at most once a minute per process and database: every request in between
 * reads it from memory, so /explore never scans per request. A failed computation is not kept.
 */
export function exploreRollup(db: Db, now = Date.now()): Promise<ExploreRollup> {
  const held = computed.get(db);
  if (held && now - held.at < EXPLORE_ROLLUP_MS) return held.rollup;
  const rollup = Promise.all([trendingTags(db), popularPosts(db)]).then(([trending, popular]) => ({ trending, popular }));
  computed.set(db, { at: now, rollup });
  rollup.catch(() => {
    if (computed.get(db)?.rollup === rollup) computed.delete(db);
  });
  return rollup;
}
