import { isBlockedBetween } from '../blocks/queries';
import type { Db } from '../db/schema';
import type { BlogRow } from '../db/tables/blog';
import type { PostRow } from '../db/tables/post';
import { AppError, ErrorCode } from '../http/errors';
import { hiddenBySuspension } from '../moderation/visibility';
import { postNotFound } from '../posts/service';

export interface SeenPost {
  post: PostRow;
  blog: BlogRow;
  /** The viewer owns the post's blog. */
  mine: boolean;
  /** Others may see it: published, not private, its blog not suspended. */
  isPublic: boolean;
}

/** Published, not private, on a blog that is not suspended: what anyone may see and share. */
export const isPublicPost = (post: PostRow, blog: BlogRow) =>
  post.state === 'published' && !post.is_private && !hiddenBySuspension(blog, null);

/**
 * A post as the viewer (or a logged-out visitor, null) may see it, or the 404 of a post they
 * may not: someone else's draft, queue or private post, a suspended blog's post, a post across
 * a block, or a blog name that is not the post's. A hidden post is "not found", never
 * "forbidden", so its existence does not leak.
 */
export async function seenPost(db: Db, viewerUserId: string | null, postId: string, blogName?: string): Promise<SeenPost> {
  const post = await db.selectFrom('posts').selectAll().where('id', '=', postId).executeTakeFirst();
  if (!post) throw postNotFound();
  const blog = await db.selectFrom('blogs').selectAll().where('id', '=', post.blog_id).executeTakeFirstOrThrow();
  if (blogName !== undefined && blog.name !== blogName) throw postNotFound();
  const mine = viewerUserId !== null && blog.user_id === viewerUserId;
  const isPublic = isPublicPost(post, blog);
  if (mine) return { post, blog, mine, isPublic };
  if (!isPublic) throw postNotFound();
  if (viewerUserId !== null && (await isBlockedBetween(db, viewerUserId, blog.id))) throw postNotFound();
  return { post, blog, mine, isPublic };
}

/** Email and network shares of a post only its owner can see. */
export const notShareable = () =>
  new AppError(403, ErrorCode.notAllowed, 'Only you can see this post, so there is nothing to share. Publish it publicly first.');
