import { sql } from 'kysely';
import type { Db } from '../db/schema';
import { pageOf } from '../http/paging';
import { hiddenBlogIds, postOnBlogPage, publicPost, undiscoverableBlogIds } from '../visibility';

export const PAGE_SIZE = 10;
/** The far end of every list: larger than any id. */
export const NO_CURSOR = '9223372036854775807';

export interface PageIds {
  ids: string[];
  /** Those of the ids that are remote posts' feed_ids (the dashboard's, federation). */
  remoteIds?: Set<string>;
  /** The cursor the following page starts after, or null at the end. */
  next: string | null;
}

/** Keyset page (http/paging.ts): read one more than the page to know whether there is a next one. */
function page<T extends { id: string }>(rows: T[], cursorOf: (row: T) => string): PageIds {
  const { items, next } = pageOf(rows, PAGE_SIZE, cursorOf);
  return { ids: items.map((r) => r.id), next };
}

/**
 * The feed position (publish_id) of a post the client paged from; 0 or unknown starts at the top.
 * A dashboard page can end on a remote post (federation): its id there is its feed_id, on the same
 * scale, found in the same query.
 */
export async function feedCursor(db: Db, refPostId: string): Promise<string> {
  if (refPostId === '0') return NO_CURSOR;
  const row = await db
    .selectFrom('posts')
    .select('publish_id')
    .where('id', '=', refPostId)
    .unionAll(db.selectFrom('remote_posts').select('feed_id as publish_id').where('feed_id', '=', refPostId))
    .limit(1)
    .executeTakeFirst();
  return row?.publish_id ?? NO_CURSOR;
}

/**
 * The dashboard: published posts of the blogs a user follows and of their own blogs. A bounded
 * probe per blog on posts_blog_feed_idx, then a merge: the cost stays flat with page depth and
 * with how many posts each blog has (a plain join walks the index through every blog).
 * Blogs hidden by a block (either way) and suspended blogs leave the sources, so the probes stay
 * as they were: both sets are small, read once (blogs_suspended_idx, the blocks indexes) and
 * hashed. `me` carries the user id to the block filter without another parameter.
 */
export async function dashboardPage(db: Db, userId: string, before: string): Promise<PageIds> {
  const { rows } = await dashboardQuery(db, userId, before).execute(db);
  const found = page(rows, (r) => r.id);
  return { ...found, remoteIds: new Set(rows.filter((r) => r.remote).map((r) => r.id)) };
}

/**
 * The dashboard's one query (bench/bare-feed.ts sends the same text). Followed tags add one
 * bounded probe each on post_tags_pkey (tag, publish_id): public posts only (the table holds no
 * other), never from spam, suspended or blocked blogs; a post found both ways is listed once.
 * Accounts the user follows elsewhere (federation) add one bounded probe each on
 * remote_posts_actor_feed_idx; such a row's id is the remote post's feed_id, and `remote` says so.
 */
export function dashboardQuery(db: Db, userId: string, before: string) {
  return sql<{ id: string; publish_id: string; remote: boolean }>`
    with me as (select ${userId}::bigint as user_id),
    sources as (
      select f.blog_id from me
      join follows f on f.user_id = me.user_id
      where f.blog_id not in (select id from blogs where is_suspended)
        and f.blog_id not in ${hiddenBlogIds(db, sql<string>`(select user_id from me)`)}
      union
      select id from blogs where user_id = ${userId} and deleted_at is null
    ),
    by_blog as (
      select p.id, p.publish_id
      from sources s
      cross join lateral (
        select id, publish_id from posts
        where blog_id = s.blog_id and publish_id < ${before} and ${publicPost('posts')}
        order by publish_id desc
        limit ${PAGE_SIZE + 1}
      ) p
    ),
    by_tag as (
      select t.post_id as id, t.publish_id
      from me
      join tag_follows tf on tf.user_id = me.user_id
      cross join lateral (
        select post_id, publish_id from post_tags pt
        where pt.tag = tf.tag and pt.publish_id < ${before}
          and pt.blog_id not in (${undiscoverableBlogIds()})
          and pt.blog_id not in ${hiddenBlogIds(db, sql<string>`(select user_id from me)`)}
        order by pt.publish_id desc
        limit ${PAGE_SIZE + 1}
      ) t
    ),
    by_remote as (
      select r.feed_id as id, r.feed_id as publish_id
      from me
      join remote_follows rf on rf.user_id = me.user_id
      cross join lateral (
        select feed_id from remote_posts rp
        where rp.actor_id = rf.actor_id and rp.feed_id < ${before}
        order by rp.feed_id desc
        limit ${PAGE_SIZE + 1}
      ) r
    )
    select id, publish_id, remote from (
      select *, false as remote from (select * from by_blog union select * from by_tag) local
      union all
      select *, true as remote from by_remote
    ) found
    order by publish_id desc
    limit ${PAGE_SIZE + 1}`;
}

/** A blog's page: its published posts, newest first; its owner reads their private posts too. */
export async function blogPage(db: Db, blogId: string, before: string, ownerReads: boolean): Promise<PageIds> {
  const query = db
    .selectFrom('posts')
    .select(['id', 'publish_id'])
    .where('blog_id', '=', blogId)
    .where('publish_id', '<', before)
    .where(postOnBlogPage('posts', ownerReads));
  const rows = await query.orderBy('publish_id', 'desc').limit(PAGE_SIZE + 1).execute();
  return page(rows, (r) => r.id);
}

/**
 * A blog's queue in its order (posts/queue-order.ts): "after" walks from the first to go out,
 * "before" from the last, on posts_blog_queue_idx. The cursor is a post id; its place is looked up
 * in the same query. A cursor post that has left the queue since ends the list rather than
 * restarting it (no post twice).
 */
export async function queuePage(db: Db, blogId: string, direction: 'before' | 'after', ref: string): Promise<PageIds> {
  const after = direction === 'after';
  const rows = await db
    .selectFrom('posts')
    .select('id')
    .where('blog_id', '=', blogId)
    .where('state', '=', 'queued')
    .$if(ref !== '0', (q) =>
      q.where(({ eb, refTuple, selectFrom }) =>
        eb(
          refTuple('queue_position', 'id'),
          after ? '>' : '<',
          selectFrom('posts as c').select(['c.queue_position', 'c.id']).where('c.id', '=', ref).where('c.blog_id', '=', blogId).$asTuple('queue_position', 'id'),
        ),
      ),
    )
    .orderBy('queue_position', after ? 'asc' : 'desc')
    .orderBy('id', after ? 'asc' : 'desc')
    .limit(PAGE_SIZE + 1)
    .execute();
  return page(rows, (r) => r.id);
}

/** Drafts of a blog, by id: "after" walks forward (oldest first), "before" backward. */
export async function statePage(
  db: Db,
  blogId: string,
  state: 'draft' | 'queued',
  direction: 'before' | 'after',
  ref: string,
): Promise<PageIds> {
  const after = direction === 'after';
  const bound = ref === '0' ? (after ? '0' : NO_CURSOR) : ref;
  const rows = await db
    .selectFrom('posts')
    .select('id')
    .where('blog_id', '=', blogId)
    .where('state', '=', state)
    .where('id', after ? '>' : '<', bound)
    .orderBy('id', after ? 'asc' : 'desc')
    .limit(PAGE_SIZE + 1)
    .execute();
  return page(rows, (r) => r.id);
}
