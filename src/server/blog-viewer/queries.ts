// The drawer's post lists (spec 2 §7 "Blog viewer"): a blog's published posts, newest first, by
// the blog page's rules, on posts_blog_feed_covering_idx. Keyset paging on publish_id; only the
// first call may skip ahead by `offset` (capped at BLOG_VIEWER.maxOffset).
import { sql } from 'kysely';
import { compileOnce } from '../db/compiled';
import type { Db } from '../db/schema';
import { NO_CURSOR } from '../posts/queries';
import { flaggedPost, postOnBlogPage } from '../visibility';

export interface DrawerPageRequest {
  blogId: string;
  /** publish_id bound (exclusive); NO_CURSOR from the top. */
  before: string;
  /** Include the post at `before` itself (a timeline that starts at a post). */
  inclusive?: boolean;
  offset: number;
  limit: number;
  ownerReads: boolean;
  hideFlagged: boolean;
}

export interface DrawerPage {
  ids: string[];
  /** The cursor of the next page (the last post's publish_id), or null at the end. */
  next: string | null;
}

/** The drawer page's one query (the bench's bare route sends the same text). */
export function drawerPageQuery(db: Db, r: DrawerPageRequest) {
  return db
    .selectFrom('posts')
    .select(['id', 'publish_id'])
    .where('blog_id', '=', r.blogId)
    .where('publish_id', r.inclusive ? '<=' : '<', r.before)
    .where(postOnBlogPage('posts', r.ownerReads))
    .$if(r.hideFlagged, (q) => q.where(sql<boolean>`not ${flaggedPost('posts')}`))
    .orderBy('publish_id', 'desc')
    .offset(r.offset)
    .limit(sql<number>`${r.limit} + 1`);
}

/**
 * The page query of each of its four shapes (owner or not, flagged posts or not), built and
 * compiled once: the drawer opens often, and building costs more than the query itself.
 */
const compiled = new Map<string, ReturnType<typeof compileShape>>();
const compileShape = (shape: Pick<DrawerPageRequest, 'ownerReads' | 'hideFlagged' | 'inclusive'>) =>
  compileOnce((db: Db, blogId: string, before: string, offset: number, limit: number) => drawerPageQuery(db, { ...shape, blogId, before, offset, limit }));

export async function drawerPage(db: Db, r: DrawerPageRequest): Promise<DrawerPage> {
  const key = `${r.ownerReads}:${r.hideFlagged}:${Boolean(r.inclusive)}`;
  let run = compiled.get(key);
  if (!run) compiled.set(key, (run = compileShape({ ownerReads: r.ownerReads, hideFlagged: r.hideFlagged, inclusive: Boolean(r.inclusive) })));
  const rows = await run(db, r.blogId, r.before, r.offset, r.limit);
  const shown = rows.slice(0, r.limit);
  return { ids: shown.map((row) => row.id), next: rows.length > r.limit ? shown[shown.length - 1]!.publish_id : null };
}

/** Where a timeline starting at `postId` begins, when the post is one the viewer may see there. */
export async function timelineStart(db: Db, blogId: string, postId: string, ownerReads: boolean, hideFlagged: boolean): Promise<string | null> {
  const row = await db
    .selectFrom('posts')
    .select('publish_id')
    .where('id', '=', postId)
    .where('blog_id', '=', blogId)
    .where(postOnBlogPage('posts', ownerReads))
    .$if(hideFlagged, (q) => q.where(sql<boolean>`not ${flaggedPost('posts')}`))
    .executeTakeFirst();
  return row?.publish_id ?? null;
}

export const TOP = NO_CURSOR;
