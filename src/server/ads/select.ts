// The first-party ad provider (issue 17): an ad is a promoted post with impressions left in its
// budget. Who may be shown which ad is decided here, in one statement per page of slots.
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/schema';
import type { CountedRow } from '../limits/rate-limit';
import { notAcrossBlock, publicBlog, publicPost, safeForWork } from '../visibility';

export interface AdRequest {
  /** null for a logged-out reader (safe mode on, nothing followed, no blocks). */
  viewerUserId: string | null;
  safeMode: boolean;
  /** How many slots the page has: at most this many different ads come back. */
  slots: number;
  /** Posts already on the page: an ad never repeats one of them. */
  exclude: string[];
}

/**
 * Picks up to `slots` different promoted posts the viewer may see and counts one impression for
 * each, in ONE statement (a page of slots is one query). The rules: the post is promoted, public
 * and on a blog that is not suspended; its campaign has budget left; the viewer neither owns nor
 * follows its blog, and no block stands between them either way; safe mode leaves out adult and
 * NSFW blogs and posts flagged NSFW. The least recently served campaign goes first, so promotions
 * take turns. Impressions are counted as the ad is served: each served slot is one impression,
 * and a campaign is never counted past its budget (the row is locked while it is counted; a
 * campaign another request is counting at that moment is skipped, not waited on). With a gate,
 * the reader's hourly counter is counted in the same statement and no ad is picked past its cap.
 */
export function serveAdsQuery(db: Db, r: AdRequest, gate?: AdGate) {
  const viewer = r.viewerUserId;
  const notMine =
    viewer === null
      ? sql<boolean>`true`
      : sql<boolean>`(b.user_id <> ${viewer} and not exists (select 1 from follows f where f.user_id = ${viewer} and f.blog_id = b.id))`;
  const excluded = r.exclude.length > 0 ? sql<boolean>`p.id <> all(${sql.val(r.exclude)}::bigint[])` : sql<boolean>`true`;
  // The reader's counter, counted by this statement: its count before this request under the cap.
  const allowed = gate ? sql<boolean>`(select min(hits) from counted) - ${gate.cost} < ${gate.limit}` : sql<boolean>`true`;
  return sql<{ post_id: string }>`
    with ${gate ? sql`counted as (${gate.counter}),` : sql``} picked as (
      select c.post_id
      from ad_campaigns c
      join posts p on p.id = c.post_id
      join blogs b on b.id = p.blog_id
      where c.spent < c.budget
        and ${allowed}
        and p.promoted_at is not null
        and ${publicPost('p')}
        and ${publicBlog('b')}
        and ${r.safeMode ? safeForWork('b', 'p') : sql<boolean>`true`}
        and ${notMine}
        and ${notAcrossBlock(db, 'b.id', viewer)}
        and ${excluded}
      order by c.last_served_at nulls first, c.post_id
      limit ${r.slots}
      for update of c skip locked
    )
    update ad_campaigns c
    set spent = c.spent + 1, last_served_at = clock_timestamp()
    from picked
    where c.post_id = picked.post_id and c.spent < c.budget
    returning c.post_id
  `;
}

/**
 * A rate limit counted in the same statement (limits/rate-limit.ts countHits): ads are picked only
 * when the counter was under `limit` before this request's `cost` was added.
 */
export interface AdGate {
  counter: RawBuilder<CountedRow>;
  cost: number;
  limit: number;
}

export async function serveAds(db: Db, r: AdRequest, gate?: AdGate): Promise<string[]> {
  if (r.slots <= 0) return [];
  const { rows } = await serveAdsQuery(db, r, gate).execute(db);
  return rows.map((row) => String(row.post_id));
}
