// The post rules besides saving (the save commands are create-post.ts, create-reblog.ts and
// edit-post.ts): which post is the viewer's own, what may be reblogged, a post's view, delete,
// publish now and add to the queue.
import { sql } from 'kysely';
import type { PostView } from '../../shared/posts/types';
import { announcePublished } from '../activity/published';
import type { AppContext } from '../context';
import type { Db } from '../db/schema';
import type { PostRow } from '../db/tables/post';
import { AppError, ErrorCode, postNotFound } from '../http/errors';
import type { Viewer } from '../http/session';
import { reachablePost } from '../rules/posts';
import { isPublicState } from '../visibility';
import { hydratePosts } from '../hydration/hydrator';
import { postView } from '../hydration/post-views';
import { armQueue } from '../queue-slots';

const notYours = () => new AppError(403, ErrorCode.forbidden, 'You can only change posts on your own blogs.');

/** One post of the viewer's own blogs, or 404 (someone else's unpublished post) / 403 (published). */
export async function ownPost(db: Db, viewer: Viewer, postId: string): Promise<PostRow & { blog_name: string; blog_user_id: string }> {
  const row = await db
    .selectFrom('posts')
    .innerJoin('blogs', 'blogs.id', 'posts.blog_id')
    .selectAll('posts')
    .select(['blogs.name as blog_name', 'blogs.user_id as blog_user_id'])
    .where('posts.id', '=', postId)
    .executeTakeFirst();
  if (!row) throw postNotFound();
  if (row.blog_user_id !== viewer.user.id) {
    throw isPublicState(row) ? notYours() : postNotFound();
  }
  return row;
}

/**
 * A post that may be reblogged, its key matching: what others may see (not a draft, a private post
 * or a suspended blog's: one's own neither), with reblogs on. A block is the reblog's own 403.
 */
export async function reblogSource(db: Db, viewerUserId: string, postId: string, key: string): Promise<PostRow> {
  const { post, isPublic } = await reachablePost(db, viewerUserId, postId, key);
  if (!isPublic || !post.can_be_reblogged) throw postNotFound();
  return post;
}

export async function loadView(ctx: AppContext, viewer: Viewer | null, id: string): Promise<PostView> {
  const hydrated = await hydratePosts(ctx.db, [id], viewer?.user.id ?? null);
  const post = hydrated.posts.get(id);
  const view = post && postView(post, hydrated, viewer?.user.id ?? null, ctx.config.publicUrl);
  if (!view) throw postNotFound();
  return view;
}

export async function deletePost(ctx: AppContext, viewer: Viewer, postId: string) {
  const post = await ownPost(ctx.db, viewer, postId);
  await ctx.db.deleteFrom('posts').where('id', '=', post.id).execute();
}

/** A draft or queued post goes out now. */
export async function publishNow(ctx: AppContext, viewer: Viewer, postId: string): Promise<PostView> {
  const post = await ownPost(ctx.db, viewer, postId);
  if (post.state === 'published') return loadView(ctx, viewer, post.id);
  if (post.state !== 'draft' && post.state !== 'queued') {
    throw new AppError(409, ErrorCode.invalidInput, 'This post cannot be published yet.');
  }
  await ctx.db.transaction().execute(async (trx) => {
    await sql`update posts set state = 'published', publish_on = null, publish_id = next_id(), was_published = true, updated_at = now() where id = ${post.id}`.execute(trx);
    // Once per post: a draft that was out before has told its sources already.
    if (!post.was_published) await announcePublished(trx, [post.id]);
  });
  return loadView(ctx, viewer, post.id);
}

/** A draft joins the end of its blog's queue. */
export async function addToQueue(ctx: AppContext, viewer: Viewer, postId: string): Promise<PostView> {
  const post = await ownPost(ctx.db, viewer, postId);
  if (post.state !== 'draft') throw new AppError(409, ErrorCode.invalidInput, 'Only drafts can be added to the queue.');
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('posts').set({ state: 'queued', publish_on: null, updated_at: new Date() }).where('id', '=', post.id).execute();
    await armQueue(trx, post.blog_id, new Date());
  });
  return loadView(ctx, viewer, post.id);
}
