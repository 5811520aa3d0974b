import { sql } from 'kysely';
import type { Blog, FollowState } from '../../shared/types';
import { notifySelected } from '../activity/notify';
import { assertMayReachLocked } from '../blocks/queries';
import { blogByName } from '../hydration/blogs';
import { blogView } from '../hydration/blog-views';
import type { AppContext } from '../context';
import type { Db } from '../db/schema';
import type { BlogRow } from '../db/tables/blog';
import type { UserRow } from '../db/tables/user';
import { parseFollowCursor } from '../http/cursors';
import { AppError, ErrorCode, blogNotFound, invalidField } from '../http/errors';
import { assertUserMayReach, hiddenBlogIds, hiddenBySuspension } from '../visibility';

/** The viewer's relation to a blog: the follow state of spec 1 §4, and whether a block stands between them. */
export type BlogRelation = FollowState & { is_blocked: boolean };

export const NOT_FOLLOWING: BlogRelation = { following: false, can_subscribe: false, is_subscribed: false, is_blocked: false };

export const FOLLOWING_PAGE = 20;

const existingBlog = async (db: Db, name: string) => {
  const blog = await blogByName(db, name);
  if (!blog) throw blogNotFound(name);
  return blog;
};

/**
 * The viewer's follow of one blog, its subscription, and whether a block stands between the
 * blog and one of the viewer's blogs (either way): one query.
 */
export async function followState(db: Db, userId: string, blog: BlogRow): Promise<BlogRelation> {
  if (blog.user_id === userId) return NOT_FOLLOWING;
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('follows').select(sql<number>`1`.as('one')).where('user_id', '=', userId).where('blog_id', '=', blog.id)).as('following'),
      eb
        .exists(eb.selectFrom('subscriptions').select(sql<number>`1`.as('one')).where('user_id', '=', userId).where('blog_id', '=', blog.id))
        .as('subscribed'),
      eb(eb.val(blog.id), 'in', hiddenBlogIds(db, userId)).as('blocked'),
    ])
    .executeTakeFirstOrThrow();
  const following = Boolean(row.following);
  return { following, can_subscribe: following, is_subscribed: following && Boolean(row.subscribed), is_blocked: Boolean(row.blocked) };
}

export async function follow(ctx: AppContext, user: Pick<UserRow, 'id' | 'current_blog_id' | 'primary_blog_id'>, name: string): Promise<BlogRelation> {
  const userId = user.id;
  const blog = await existingBlog(ctx.db, name);
  // A suspended blog is not there to follow, and a suspended follower reaches nobody.
  if (hiddenBySuspension(blog, userId)) throw blogNotFound(name);
  if (blog.user_id === userId) {
    throw new AppError(400, ErrorCode.invalidInput, 'You cannot follow your own blog.', [
      { code: ErrorCode.invalidInput, title: 'You cannot follow your own blog.', field: 'tumblelog' },
    ]);
  }
  await ctx.db.transaction().execute(async (trx) => {
    // A block either way stops the follow (waiting for a block being made right now), and a
    // suspended acting blog follows nobody (403).
    await assertMayReachLocked(trx, user, blog.id);
    // Following twice is one follow, and keeps its first date (and any subscription).
    const added = await trx
      .insertInto('follows')
      .values({ user_id: userId, blog_id: blog.id })
      .onConflict((oc) => oc.doNothing())
      .returning('blog_id')
      .executeTakeFirst();
    if (added) await notifyFollowed(trx, userId, blog.id);
  });
  return followState(ctx.db, userId, blog);
}

/** A new follower: the followed blog hears of it from the follower's current blog (else primary). */
async function notifyFollowed(db: Db, userId: string, blogId: string) {
  await notifySelected(
    db,
    sql`
    select ${blogId}::bigint, 'follower', coalesce(current_blog_id, primary_blog_id), null::bigint, null::bigint, '{}'::jsonb
    from users where id = ${userId} and coalesce(current_blog_id, primary_blog_id) is not null`,
  );
}

/** Removes the follow; its subscription goes with it (the foreign key cascades). */
export async function unfollow(ctx: AppContext, userId: string, name: string): Promise<BlogRelation> {
  const blog = await existingBlog(ctx.db, name);
  await ctx.db.deleteFrom('follows').where('user_id', '=', userId).where('blog_id', '=', blog.id).execute();
  return NOT_FOLLOWING;
}

const foreignKeyViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23503';

export async function subscribe(ctx: AppContext, user: Pick<UserRow, 'id' | 'current_blog_id' | 'primary_blog_id'>, name: string): Promise<{ is_subscribed: boolean }> {
  const userId = user.id;
  const blog = await existingBlog(ctx.db, name);
  // A suspended blog is not there to subscribe to, and a suspended subscriber reaches nobody.
  if (hiddenBySuspension(blog, userId)) throw blogNotFound(name);
  await assertUserMayReach(ctx.db, user);
  try {
    // The row references the follow: without one, the insert fails, even racing an unfollow.
    await ctx.db
      .insertInto('subscriptions')
      .values({ user_id: userId, blog_id: blog.id })
      .onConflict((oc) => oc.doNothing())
      .execute();
  } catch (error) {
    if (foreignKeyViolation(error)) throw invalidField('name', 'Follow this blog first to subscribe to it.');
    throw error;
  }
  return { is_subscribed: true };
}

export async function unsubscribe(ctx: AppContext, userId: string, name: string): Promise<{ is_subscribed: boolean }> {
  const blog = await existingBlog(ctx.db, name);
  await ctx.db.deleteFrom('subscriptions').where('user_id', '=', userId).where('blog_id', '=', blog.id).execute();
  return { is_subscribed: false };
}

export type FollowedBlog = Blog & { following: true; is_subscribed: boolean };

/** One page of the blogs a user follows, newest follow first: one query, on follows_user_recent_idx. */
export async function followingPage(
  ctx: AppContext,
  viewer: { id: string; current_blog_id: string | null },
  before: string | undefined,
): Promise<{ blogs: FollowedBlog[]; next: string | null }> {
  const cursor = parseFollowCursor(before);
  let query = ctx.db
    .selectFrom('follows as f')
    .innerJoin('blogs', 'blogs.id', 'f.blog_id')
    .leftJoin('subscriptions as s', (join) => join.onRef('s.user_id', '=', 'f.user_id').onRef('s.blog_id', '=', 'f.blog_id'))
    .selectAll('blogs')
    .select([
      's.user_id as subscriber',
      sql<string>`(extract(epoch from f.created_at) * 1000000)::bigint::text`.as('followed_us'),
    ])
    .where('f.user_id', '=', viewer.id);
  if (cursor) {
    const at = sql<Date>`(timestamptz 'epoch' + ${cursor.us}::bigint * interval '1 microsecond')`;
    query = query.where(sql<boolean>`(f.created_at, f.blog_id) < (${at}, ${cursor.blogId}::bigint)`);
  }
  const rows = await query
    .orderBy('f.created_at', 'desc')
    .orderBy('f.blog_id', 'desc')
    .limit(FOLLOWING_PAGE + 1)
    .execute();
  const page = rows.slice(0, FOLLOWING_PAGE);
  const last = page.at(-1);
  return {
    blogs: page.map(({ subscriber, followed_us: _us, ...blog }) => ({
      ...blogView(blog, ctx.config.publicUrl, viewer.current_blog_id),
      following: true as const,
      is_subscribed: subscriber !== null,
    })),
    next: rows.length > FOLLOWING_PAGE && last ? `${last.followed_us}_${last.id}` : null,
  };
}
