// Who may see what: the one place the rules of drafts, privacy, suspension, blocks and safe mode
// are written, as Kysely/SQL filters for lists and as row checks for a post or blog already
// loaded. Every list (dashboard, blog page, highlighted posts, notes, activity, GIF search, share
// data, reports, notifications) reads them here. This module imports no area: only db and http.
import { sql, type Expression, type RawBuilder } from 'kysely';
import type { Db } from './db/schema';
import type { BlogRow } from './db/tables/blog';
import type { PostRow } from './db/tables/post';
import { AppError, ErrorCode, postNotFound } from './http/errors';

// ---------------------------------------------------------------------------------------------
// Posts and blogs in SQL. `p` and `b` are the names the query gives posts and blogs.

const column = (table: string, name: string) => sql.ref(`${table}.${name}`);

/**
 * Published now, private or not: a post has a feed position (publish_id) exactly while it is
 * published (the check posts_publish_id_published), so this is also the predicate of the feed
 * indexes, and a post that leaves 'published' leaves every list that reads it at once.
 */
export const publishedPost = (p: string): RawBuilder<boolean> => sql<boolean>`${column(p, 'publish_id')} is not null`;

/** What others may see of posts: published and not private (and its blog: `publicBlog`). */
export const publicPost = (p: string): RawBuilder<boolean> => sql<boolean>`(${column(p, 'publish_id')} is not null and not ${column(p, 'is_private')})`;

/**
 * The posts of one blog a viewer reads on its page: its owner sees their private posts too
 * (drafts and the queue have lists of their own, by state).
 */
export const postOnBlogPage = (p: string, viewerOwnsBlog: boolean): RawBuilder<boolean> =>
  viewerOwnsBlog ? publishedPost(p) : publicPost(p);

/** A blog whose posts others may see: not suspended, not deleted (a deleted blog is gone for its owner too: `hiddenBlog`). */
export const publicBlog = (b: string): RawBuilder<boolean> => sql<boolean>`(not ${column(b, 'is_suspended')} and ${column(b, 'deleted_at')} is null)`;


/**
 * A blog that discovery may offer to people who did not ask for it by name (blog and post search,
 * GIF search, explore's tags and posts): others may see its posts (`publicBlog`) and moderators
 * have not marked it spam. A spam blog stays readable at its address.
 */
export const discoverableBlog = (b: string): RawBuilder<boolean> => sql<boolean>`(${publicBlog(b)} and not ${column(b, 'is_spam')})`;

/**
 * The ids of the blogs discovery leaves out, for a statement that tests a blog id against a set
 * (the planner reads the negation as `is_suspended or is_spam`: blogs_suspended_idx, blogs_spam_idx).
 */
export const undiscoverableBlogIds = (): RawBuilder<{ id: string }> => sql`select b.id from blogs b where not ${discoverableBlog('b')}`;

/**
 * A post's own marks that safe mode hides: its owner flagged it NSFW, or an admin marked it
 * sensitive. `p` is posts, or post_search (it keeps both columns, under the same names).
 */
export const flaggedPost = (p: string): RawBuilder<boolean> => sql<boolean>`(${column(p, 'owner_flagged_nsfw')} or ${column(p, 'is_sensitive')})`;

/** Safe mode: no adult or NSFW blog, no post its owner flagged NSFW or an admin marked sensitive. */
export const safeForWork = (b: string, p: string): RawBuilder<boolean> =>
  sql<boolean>`(not ${column(b, 'is_adult')} and not ${column(b, 'is_nsfw')} and not ${flaggedPost(p)})`;

/** `safeForWork` for a post and blog already loaded: what safe mode covers where it cannot filter (a message). */
export const isSafeForWork = (blog: Pick<BlogRow, 'is_adult' | 'is_nsfw'>, post: Pick<PostRow, 'owner_flagged_nsfw' | 'is_sensitive'>) =>
  !blog.is_adult && !blog.is_nsfw && !post.owner_flagged_nsfw && !post.is_sensitive;

// ---------------------------------------------------------------------------------------------
// Blocks

/*
 * Blocks are made by a blog against a blog, but follows, likes and dashboards belong to users.
 * So a block binds the two owners: when blog X blocks blog Y, the owner of Y can no longer
 * follow, like, reblog, reply to or mention X (as any of their blogs), and neither owner sees
 * the other blog's posts, notes or notifications. The actions that a block forbids live in
 * blocks/; what it hides is written here.
 */

/**
 * The blogs whose posts a user must not see: blogs that blocked one of the user's blogs, blogs one
 * of the user's blogs blocked, and deleted blogs (blogs_deleted_idx: the few that wait for their purge and quarantine to end,
 * so a deleted blog leaves dashboards, inboxes, notes and search in the statement that marks it). `userId` may be an SQL
 * expression (a query that already carries the id as a parameter can pass a reference to it,
 * keeping its parameter list unchanged).
 */
export const hiddenBlogIds = (db: Db, userId: string | Expression<string>) =>
  db
    .selectFrom('blocks as b')
    .innerJoin('blogs as mine', 'mine.id', 'b.blocked_blog_id')
    .select('b.blocker_blog_id as blog_id')
    .where('mine.user_id', '=', userId)
    .union(
      db
        .selectFrom('blocks as b')
        .innerJoin('blogs as mine', 'mine.id', 'b.blocker_blog_id')
        .select('b.blocked_blog_id as blog_id')
        .where('mine.user_id', '=', userId),
    )
    .union(db.selectFrom('blogs as d').select('d.id as blog_id').where('d.deleted_at', 'is not', null));

/** `blogColumn` is not across a block from the viewer; always true for a logged-out viewer. */
export const notAcrossBlock = (db: Db, blogColumn: string, viewerUserId: string | Expression<string> | null): RawBuilder<boolean> =>
  viewerUserId === null ? sql<boolean>`true` : sql<boolean>`${sql.ref(blogColumn)} not in (${hiddenBlogIds(db, viewerUserId)})`;

/** True when a blog of the user and the given blog have a block between them, either way. */
export async function isBlockedBetween(db: Db, userId: string, blogId: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocks as b')
    .innerJoin('blogs as mine', (join) =>
      join.on((eb) =>
        eb.or([
          eb.and([eb('b.blocked_blog_id', '=', eb.ref('mine.id')), eb('b.blocker_blog_id', '=', blogId)]),
          eb.and([eb('b.blocker_blog_id', '=', eb.ref('mine.id')), eb('b.blocked_blog_id', '=', blogId)]),
        ]),
      ),
    )
    .select(sql<number>`1`.as('one'))
    .where('mine.user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------
// A post or blog already loaded

/**
 * A suspended blog is gone for everyone but its owner, a deleted one for everyone: its blog data,
 * its posts (alone, in lists, and as the root of others' reblogs) answer as if they did not exist.
 */
export const hiddenBySuspension = (blog: { is_suspended: boolean; user_id: string; deleted_at: Date | null }, viewerUserId: string | null) =>
  blog.deleted_at !== null || (blog.is_suspended && blog.user_id !== viewerUserId);

// ---------------------------------------------------------------------------------------------
// Reaching another person

/*
 * A suspended blog is not only hidden: it reaches nobody. It cannot message, ask, reply, like,
 * reblog, follow, subscribe, report or submit, and nobody can message, follow or subscribe to it
 * (its posts are already out of reach: hidden above). Every action that reaches another person asks these, once for the blog
 * it acts as and once for the blog it reaches. Taking something back (unlike, unfollow, delete)
 * reaches nobody and stays open, as across a block.
 */

/** The blog may reach, and be reached by, another person: not suspended, not deleted. */
export const mayReach = (blog: { is_suspended: boolean; deleted_at: Date | null }) => !blog.is_suspended && blog.deleted_at === null;

/** `mayReach` in SQL, for a statement that checks and writes at once (messaging's send). */
export const mayReachSql = publicBlog;

export const suspendedActor = (name: string) =>
  new AppError(
    403,
    ErrorCode.suspended,
    `Your blog "${name}" is suspended: while it is, it cannot message, ask, reply, like, reblog, follow, subscribe, report or submit.`,
  );

/** Throws the 403 of a suspended blog acting toward someone else. */
export function assertMayReach(actor: { name: string; is_suspended: boolean; deleted_at: Date | null }): void {
  if (!mayReach(actor)) throw suspendedActor(actor.name);
}

/** The blog a user acts as: their current blog, else their primary one; null with no blog. */
export const actingBlogIdOf = (user: { current_blog_id: string | null; primary_blog_id: string | null }) => user.current_blog_id ?? user.primary_blog_id;

/**
 * The same for actions a user makes as their acting blog (their current blog, else their
 * primary one: the blog a like or a follow is credited to). A user with no blog acts as nobody.
 * A like and a follow read the same in the statement that locks their target instead
 * (blocks/queries.ts assertMayReachLocked), so it costs them no statement.
 */
export async function assertUserMayReach(
  db: Db,
  user: { id: string; current_blog_id: string | null; primary_blog_id: string | null },
): Promise<void> {
  const id = actingBlogIdOf(user);
  if (id === null) return;
  const blog = await db.selectFrom('blogs').select(['name', 'is_suspended', 'deleted_at']).where('id', '=', id).where('user_id', '=', user.id).executeTakeFirst();
  if (blog) assertMayReach(blog);
}

/** Published, not private: what others may see, reply to and reblog (`publicPost` in SQL). */
export const isPublicState = (post: Pick<PostRow, 'state' | 'is_private'>) => post.state === 'published' && !post.is_private;

/** Published, not private, on a blog that is neither suspended nor deleted: what anyone may see and share. */
export const isPublicPost = (post: Pick<PostRow, 'state' | 'is_private'>, blog: { is_suspended: boolean; deleted_at: Date | null }) =>
  isPublicState(post) && mayReach(blog);

export interface SeenPost {
  post: PostRow;
  blog: BlogRow;
  /** The viewer owns the post's blog. */
  mine: boolean;
  /** Others may see it: published, not private, its blog not suspended. */
  isPublic: boolean;
}

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
  const { mine, isPublic } = postSeenBy(post, blog, viewerUserId);
  if (!mine && viewerUserId !== null && (await isBlockedBetween(db, viewerUserId, blog.id))) throw postNotFound();
  return { post, blog, mine, isPublic };
}

/**
 * The rule for a post and its blog already loaded, blocks aside: the owner sees it in any state;
 * anyone else only while it is published, not private, on a blog that is not suspended; otherwise
 * the 404 of a post that is not there. seenPost adds blocks; an action (rules/posts.ts
 * reachablePost) checks the block itself, under its lock, to answer a 403.
 */
export function postSeenBy(
  post: Pick<PostRow, 'state' | 'is_private'>,
  blog: { user_id: string; is_suspended: boolean; deleted_at: Date | null },
  viewerUserId: string | null,
): { mine: boolean; isPublic: boolean } {
  // A deleted blog's posts are gone for their owner too.
  if (blog.deleted_at !== null) throw postNotFound();
  const mine = viewerUserId !== null && blog.user_id === viewerUserId;
  const isPublic = isPublicPost(post, blog);
  if (!mine && !isPublic) throw postNotFound();
  return { mine, isPublic };
}
