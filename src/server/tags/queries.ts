import { sql } from 'kysely';
import type { Db } from '../db/schema';
import { cursorOf, pageOf } from '../http/paging';
import { discoverableBlog, notAcrossBlock } from '../visibility';

export const TAGGED_PAGE_SIZE = 10;

export interface TaggedIds {
  ids: string[];
  /** The publish_id the next page starts below, or null at the end. */
  next: string | null;
}

/**
 * One page of a tag's posts, newest first: an index walk on post_tags_pkey (tag, publish_id) that
 * stops after the page. The table holds public posts only; suspended and spam blogs and blogs
 * across a block from the viewer are left out (blogs_suspended_idx, the blocks indexes).
 */
export async function taggedPage(db: Db, tag: string, before: string, viewerUserId: string | null): Promise<TaggedIds> {
  const rows = await db
    .selectFrom('post_tags as pt')
    .innerJoin('blogs as b', 'b.id', 'pt.blog_id')
    .select(['pt.post_id as id', 'pt.publish_id'])
    .where('pt.tag', '=', tag)
    .where('pt.publish_id', '<', before)
    .where(discoverableBlog('b'))
    .where(notAcrossBlock(db, 'pt.blog_id', viewerUserId))
    .orderBy('pt.publish_id', 'desc')
    .limit(TAGGED_PAGE_SIZE + 1)
    .execute();
  const { items, next } = pageOf(rows, TAGGED_PAGE_SIZE, (last) => cursorOf(last.publish_id));
  return { ids: items.map((r) => r.id), next };
}

export async function followsTag(db: Db, userId: string, tag: string): Promise<boolean> {
  const row = await db.selectFrom('tag_follows').select(sql<number>`1`.as('one')).where('user_id', '=', userId).where('tag', '=', tag).executeTakeFirst();
  return row !== undefined;
}
