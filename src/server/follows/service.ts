import { sql } from 'kysely';
import type { Blog } from '../../shared/types';
import { notifySelected } from '../activity/notify';
import { assertMayReachLocked } from '../blocks/queries';
import { blogView } from '../hydration/blog-views';
import type { AppContext } from '../context';
import type { Db } from '../db/schema';
import type { BlogRow } from '../db/tables/blog';
import type { UserRow } from '../db/tables/user';
import { AppError, ErrorCode, invalidField } from '../http/errors';
import { cursorOf, pageOf, readCursor } from '../http/paging';
import { NOT_FOLLOWING, relationTo, type BlogRelation } from '../rules/blogs';
import { assertUserMayReach } from '../visibility';

export const FOLLOWING_PAGE = 20;

/** Follows a blog the viewer may read (rules/blogs.ts readableBlog: a suspended blog is not there to follow). */
export async function follow(ctx: AppContext, user: Pick<UserRow, 'id' | 'current_blog_id' | 'primary_blog_id'>, blog: BlogRow): Promise<BlogRelation> {
  const userId = user.id;
  if (blog.user_id === userId) {
    throw new AppError(400, ErrorCode.invalidInput, 'You cannot follow your own blog.', [
      { code: ErrorCode.invalidInput, title: 'You cannot follow your own blog.', field: 'tumblelog' },
    ]);
  }
  await ctx.db.transaction().execute(async (trx) => {
    // A block either way stops the follow (waiting for a block being made right now), and a
    // suspended acting blog (a suspended follower) follows nobody (403).
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
  return relationTo(ctx.db, userId, blog);
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
export async function unfollow(ctx: AppContext, userId: string, blog: BlogRow): Promise<BlogRelation> {
  await ctx.db.deleteFrom('follows').where('user_id', '=', userId).where('blog_id', '=', blog.id).execute();
  return NOT_FOLLOWING;
}

const foreignKeyViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23503';

/** Subscribes to a blog the viewer may read (a suspended blog is not there); a suspended subscriber reaches nobody. */
export async function subscribe(ctx: AppContext, user: Pick<UserRow, 'id' | 'current_blog_id' | 'primary_blog_id'>, blog: BlogRow): Promise<{ is_subscribed: boolean }> {
  const userId = user.id;
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

export async function unsubscribe(ctx: AppContext, userId: string, blog: BlogRow): Promise<{ is_subscribed: boolean }> {
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
  const cursor = readCursor(before, 2);
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
    const [us, blogId] = cursor;
    const at = sql<Date>`(timestamptz 'epoch' + ${us}::bigint * interval '1 microsecond')`;
    query = query.where(sql<boolean>`(f.created_at, f.blog_id) < (${at}, ${blogId}::bigint)`);
  }
  const rows = await query
    .orderBy('f.created_at', 'desc')
    .orderBy('f.blog_id', 'desc')
    .limit(FOLLOWING_PAGE + 1)
    .execute();
  // The cursor: the follow's time in microseconds, then the blog id (http/paging.ts).
  const page = pageOf(rows, FOLLOWING_PAGE, (last) => cursorOf(last.followed_us, last.id));
  return {
    blogs: page.items.map(({ subscriber, followed_us: _us, ...blog }) => ({
      ...blogView(blog, ctx.config.publicUrl, viewer.current_blog_id),
      following: true as const,
      is_subscribed: subscriber !== null,
    })),
    next: page.next,
  };
}
