import { sql } from 'kysely';
import type { Db } from '../db/schema';
import { cursorOf, pageOf, readCursor } from '../http/paging';
import { notAcrossBlock, publicBlog, publicPost } from '../visibility';

export const LIKES_PAGE_SIZE = 10;

export interface LikedIds {
  ids: string[];
  /** "{liked_us}_{postId}" of the last like shown, or null at the end. */
  next: string | null;
}

/**
 * The posts a user liked, newest like first: a walk on likes_user_recent_idx (user_id,
 * created_at desc) that stops after the page, keyset on (created_at, post_id). A liked post that
 * others may no longer see (made private, unpublished, its blog suspended or across a block) is
 * left out, as it is from every other list.
 */
export async function likedPage(db: Db, userId: string, before: string | undefined): Promise<LikedIds> {
  const cursor = readCursor(before, 2);
  let query = db
    .selectFrom('likes as l')
    .innerJoin('posts as p', 'p.id', 'l.post_id')
    .innerJoin('blogs as b', 'b.id', 'p.blog_id')
    .select(['l.post_id as id', sql<string>`(extract(epoch from l.created_at) * 1000000)::bigint::text`.as('liked_us')])
    .where('l.user_id', '=', userId)
    .where(publicPost('p'))
    .where(publicBlog('b'))
    .where(notAcrossBlock(db, 'p.blog_id', userId));
  if (cursor) {
    const [us, postId] = cursor;
    const at = sql<Date>`(timestamptz 'epoch' + ${us}::bigint * interval '1 microsecond')`;
    query = query.where(sql<boolean>`(l.created_at, l.post_id) < (${at}, ${postId}::bigint)`);
  }
  const rows = await query.orderBy('l.created_at', 'desc').orderBy('l.post_id', 'desc').limit(LIKES_PAGE_SIZE + 1).execute();
  const { items, next } = pageOf(rows, LIKES_PAGE_SIZE, (last) => cursorOf(last.liked_us, last.id));
  return { ids: items.map((r) => r.id), next };
}
