// The post a note or an action is about, as the viewer may see it, and the blog they act as.
import type { Db } from '../db/schema';
import type { BlogRow } from '../db/tables/blog';
import type { PostRow } from '../db/tables/post';
import { AppError, ErrorCode, postNotFound } from '../http/errors';
import { actingBlogIdOf, hiddenBySuspension, isPublicState } from '../visibility';

export type VisiblePost = PostRow & { owner_id: string; blog_name: string };

export const notAllowed = (message: string) => new AppError(403, ErrorCode.notAllowed, message);

/**
 * A post the viewer (null: logged out) may see, or the 404 of one they may not: missing, someone
 * else's draft, queued or private post, a suspended blog's post, or a key that is not the post's
 * (the reblog key proves the caller was shown the post). One query.
 */
export async function visiblePost(db: Db, viewerUserId: string | null, postId: string, key?: string): Promise<VisiblePost> {
  const row = await db
    .selectFrom('posts')
    .innerJoin('blogs', 'blogs.id', 'posts.blog_id')
    .selectAll('posts')
    .select(['blogs.user_id as owner_id', 'blogs.name as blog_name', 'blogs.is_suspended as blog_suspended'])
    .where('posts.id', '=', postId)
    .executeTakeFirst();
  if (!row || (key !== undefined && row.reblog_key !== key)) throw postNotFound();
  const { blog_suspended, ...post } = row;
  if (post.owner_id === viewerUserId) return post;
  if (!isPublicState(post) || hiddenBySuspension({ is_suspended: blog_suspended, user_id: post.owner_id }, viewerUserId)) {
    throw postNotFound();
  }
  return post;
}

/** The blog the viewer acts as: their current blog, else their primary one (spec 1 §3 is_current). */
export function actingBlogId(user: { current_blog_id: string | null; primary_blog_id: string | null }): string {
  const id = actingBlogIdOf(user);
  if (!id) throw new AppError(400, ErrorCode.invalidInput, 'Make a blog first: likes, reblogs and replies are made as one of your blogs.');
  return id;
}

export async function actingBlog(db: Db, user: { id: string; current_blog_id: string | null; primary_blog_id: string | null }): Promise<BlogRow> {
  const id = actingBlogId(user);
  const blog = await db.selectFrom('blogs').selectAll().where('id', '=', id).where('user_id', '=', user.id).executeTakeFirst();
  if (!blog) throw new AppError(400, ErrorCode.invalidInput, 'Your current blog is gone. Choose another blog and try again.');
  return blog;
}

/** A write that raced the post's deletion: the foreign key refuses it, and the post is not found. */
export function postGoneAsNotFound(error: unknown): never {
  if ((error as { code?: string } | null)?.code === '23503') throw postNotFound();
  throw error;
}
