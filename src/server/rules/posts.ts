// May this viewer see this post: the single-post form of visibility.ts's list filters (state,
// privacy, suspension, blocks both ways), with spec 1 §6's safe mode as the cover it puts on a post.
// Every area that acts on one post (notes, likes, reblogs, shares, reports, messaging's post
// messages) loads it here.
import type { Db } from '../db/schema';
import type { BlogRow } from '../db/tables/blog';
import type { PostRow } from '../db/tables/post';
import { postNotFound } from '../http/errors';
import type { Viewer } from '../http/session';
import { readerSafeMode } from '../safe-mode';
import { isBlockedBetween, isSafeForWork, postSeenBy, seenPost, type SeenPost } from '../visibility';

export type { SeenPost };

/** The post as the viewer may see it, or the 404 of one they may not (visibility.ts seenPost). */
export const visiblePost = (db: Db, viewer: Viewer | null, postId: string, blogName?: string): Promise<SeenPost> =>
  seenPost(db, viewer?.user.id ?? null, postId, blogName);

/**
 * Whether safe mode covers this post for this viewer (spec 1 §6: 'This post may contain sensitive
 * media.'): the reader's safe mode is on, the post or its blog is not safe for work, and it is not
 * the reader's own. Costs the flag's read only when the post is not safe for work.
 */
export async function safeModeCovers(db: Db, viewer: Viewer | null, seen: SeenPost): Promise<boolean> {
  if (seen.mine || isSafeForWork(seen.blog, seen.post)) return false;
  return readerSafeMode(db, viewer);
}

/** A post an action reaches, with the few facts of its blog the action reads. */
export interface ReachedPost {
  post: PostRow;
  blog: Pick<BlogRow, 'id' | 'name' | 'user_id' | 'is_suspended' | 'deleted_at'>;
  /** The viewer owns the post's blog. */
  mine: boolean;
  /** Others may see it: published, not private, its blog not suspended. */
  isPublic: boolean;
}

/**
 * The post an action reaches (a like, a reblog, a reply, a block made through a post), in one
 * statement: visiblePost's rule (someone else's draft, queue or private post, a suspended blog's
 * post: the same 404) with the block left to the action, which checks it under the target blog's
 * row lock (blocks/queries.ts) so a block made meanwhile cannot slip past, and answers the 403 a
 * person can act on. `key`, when sent, must be the post's reblog key: the proof the caller was shown it.
 */
export async function reachablePost(db: Db, viewerUserId: string | null, postId: string, key?: string): Promise<ReachedPost> {
  const row = await db
    .selectFrom('posts')
    .innerJoin('blogs', 'blogs.id', 'posts.blog_id')
    .selectAll('posts')
    .select(['blogs.name as blog_name', 'blogs.user_id as blog_user_id', 'blogs.is_suspended as blog_is_suspended', 'blogs.deleted_at as blog_deleted_at'])
    .where('posts.id', '=', postId)
    .executeTakeFirst();
  if (!row || (key !== undefined && row.reblog_key !== key)) throw postNotFound();
  const { blog_name, blog_user_id, blog_is_suspended, blog_deleted_at, ...post } = row;
  const blog = { id: post.blog_id, name: blog_name, user_id: blog_user_id, is_suspended: blog_is_suspended, deleted_at: blog_deleted_at };
  return { post, blog, ...postSeenBy(post, blog, viewerUserId) };
}

/**
 * visiblePost for a route that reads only the post and the few facts of its blog (the notes list):
 * the post an action reaches, and not across a block (either way) unless it is the viewer's own. The
 * same 404s, one statement fewer than loading the whole blog.
 */
export async function visiblePostFacts(db: Db, viewerUserId: string | null, postId: string): Promise<ReachedPost> {
  const reached = await reachablePost(db, viewerUserId, postId);
  if (viewerUserId !== null && !reached.mine && (await isBlockedBetween(db, viewerUserId, reached.blog.id))) throw postNotFound();
  return reached;
}
