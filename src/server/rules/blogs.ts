// The rules about one blog that routes load before their handler runs (rules/loads.ts): a blog by
// name, a blog the viewer owns, a blog the viewer may read, the blog the viewer acts as, and the
// viewer's relation to a blog. Each is written here once; every area asks here.
import { sql } from 'kysely';
import type { Db } from '../db/schema';
import type { BlogRow } from '../db/tables/blog';
import { blogByName } from '../hydration/blogs';
import { AppError, blogNotFound, ErrorCode } from '../http/errors';
import { actingBlogIdOf, hiddenBlogIds, hiddenBySuspension } from '../visibility';

/** A blog by its name, suspended or not, else the 404 naming it: for the rules below and admins. */
export async function namedBlog(db: Db, name: string): Promise<BlogRow> {
  const blog = await blogByName(db, name);
  if (!blog) throw blogNotFound(name);
  return blog;
}

/** A blog the viewer owns, else the same 404 as no blog at all: another's blog is not theirs to change. */
export async function ownedBlog(db: Db, userId: string, name: string): Promise<BlogRow> {
  const blog = await blogByName(db, name);
  if (!blog || blog.user_id !== userId) throw blogNotFound(name);
  return blog;
}

/** A blog the viewer may read (null: logged out): a suspended blog is gone for all but its owner. */
export async function readableBlog(db: Db, viewerUserId: string | null, name: string): Promise<BlogRow> {
  const blog = await blogByName(db, name);
  if (!blog || hiddenBySuspension(blog, viewerUserId)) throw blogNotFound(name);
  return blog;
}

export const MAKE_A_BLOG_FIRST = 'Make a blog first: likes, reblogs, replies, questions and follows are made as one of your blogs.';
export const noBlogYet = () => new AppError(400, ErrorCode.invalidInput, MAKE_A_BLOG_FIRST);

interface ActingUser {
  id: string;
  current_blog_id: string | null;
  primary_blog_id: string | null;
}

/** The id of the blog the user acts as (current, else primary: spec 1 §3 is_current), or the 400 of a user with none. */
export function actingBlogId(user: ActingUser): string {
  const id = actingBlogIdOf(user);
  if (!id) throw noBlogYet();
  return id;
}

/** The blog the user acts as, loaded; a current blog deleted meanwhile is a 400 that says so. */
export async function actingBlog(db: Db, user: ActingUser): Promise<BlogRow> {
  const id = actingBlogId(user);
  const blog = await db.selectFrom('blogs').selectAll().where('id', '=', id).where('user_id', '=', user.id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!blog) throw new AppError(400, ErrorCode.invalidInput, 'Your current blog is gone. Choose another blog and try again.');
  return blog;
}

/** The viewer's follow state of a blog (spec 1 §4: only a follower can subscribe) and whether a block stands between them. */
export interface BlogRelation {
  following: boolean;
  /** Spec 1 §2 is_friend: the viewer follows the blog and its owner follows one of the viewer's blogs back. */
  is_friend: boolean;
  can_subscribe: boolean;
  is_subscribed: boolean;
  is_blocked: boolean;
}

export const NOT_FOLLOWING: BlogRelation = { following: false, is_friend: false, can_subscribe: false, is_subscribed: false, is_blocked: false };

/** The relation from its four flags, however a statement read them. */
export const relationOf = (flags: { following: unknown; followed_back: unknown; subscribed: unknown; blocked: unknown }): BlogRelation => {
  const following = Boolean(flags.following);
  return {
    following,
    is_friend: following && Boolean(flags.followed_back),
    can_subscribe: following,
    is_subscribed: following && Boolean(flags.subscribed),
    is_blocked: Boolean(flags.blocked),
  };
};

/** The four flags as SQL about the blog `blogIdColumn`, for a statement that reads the blog too. */
export const relationColumns = (db: Db, userId: string, blogIdColumn: string) => ({
  following: sql<boolean>`exists (select 1 from follows f where f.user_id = ${userId} and f.blog_id = ${sql.ref(blogIdColumn)})`,
  // The blog's owner follows one of the viewer's blogs (follows_pkey: the owner's follows, then ours among them).
  followed_back: sql<boolean>`exists (select 1 from follows f join blogs them on them.id = ${sql.ref(blogIdColumn)} join blogs mine on mine.id = f.blog_id
    where f.user_id = them.user_id and mine.user_id = ${userId} and mine.deleted_at is null)`,
  subscribed: sql<boolean>`exists (select 1 from subscriptions s where s.user_id = ${userId} and s.blog_id = ${sql.ref(blogIdColumn)})`,
  blocked: sql<boolean>`${sql.ref(blogIdColumn)} in (${hiddenBlogIds(db, userId)})`,
});

/** The viewer's relation to one blog, in one statement; nothing for the viewer's own blog. */
export async function relationTo(db: Db, userId: string, blog: Pick<BlogRow, 'id' | 'user_id'>): Promise<BlogRelation> {
  if (blog.user_id === userId) return NOT_FOLLOWING;
  const columns = relationColumns(db, userId, 'b.id');
  const row = await db
    .selectFrom('blogs as b')
    .select([columns.following.as('following'), columns.followed_back.as('followed_back'), columns.subscribed.as('subscribed'), columns.blocked.as('blocked')])
    .where('b.id', '=', blog.id)
    .executeTakeFirst();
  return row ? relationOf(row) : NOT_FOLLOWING;
}

/**
 * The viewer's blogs with this uuid (none or one), as a query to select from: where a call names
 * the blog it acts as by uuid (messaging's `participant`). `ownedBlogByUuid` reads it, and so does
 * the send's one statement (messaging/send-sql.ts), so the rule is written once for both.
 */
export const ownedBlogsByUuid = (db: Db, userId: string, uuid: string) =>
  db.selectFrom('blogs').where('uuid', '=', uuid).where('user_id', '=', userId).where('deleted_at', 'is', null);

/**
 * The viewer's own blog named by uuid, else the area's refusal (`notOwned`: messaging's 403 names
 * its field, as its spec fixes): another's blog, or none, is never acted as.
 */
export async function ownedBlogByUuid(db: Db, userId: string, uuid: string, notOwned: () => Error): Promise<BlogRow> {
  const blog = await ownedBlogsByUuid(db, userId, uuid).selectAll().executeTakeFirst();
  if (!blog) throw notOwned();
  return blog;
}
/**
 * A blog the viewer owns, where an area documents its own answer for another person's blog (the
 * blog settings' 403): no blog is ownedBlog's 404, another's blog is `refusal`.
 */
export async function ownedBlogElse(db: Db, userId: string, name: string, refusal: () => AppError): Promise<BlogRow> {
  const blog = await namedBlog(db, name);
  if (blog.user_id !== userId) throw refusal();
  return blog;
}

/** A blog the viewer may read, by its uuid (a blog card's token), else null: readableBlog's rule, by another key. */
export async function readableBlogByUuid(db: Db, viewerUserId: string | null, uuid: string): Promise<BlogRow | null> {
  const blog = await db.selectFrom('blogs').selectAll().where('uuid', '=', uuid.toLowerCase()).executeTakeFirst();
  return blog && !hiddenBySuspension(blog, viewerUserId) ? blog : null;
}

/** At most this many names of one text are looked up to be linked: a list of names is not a directory. */
const MENTIONABLE_NAMES_MAX = 100;

/**
 * Issue 24.8: of the names mentioned as "@name", those of blogs a mention links to: blogs that
 * exist and are not suspended (visibility.ts publicBlog). One query, none without a name.
 */
export async function mentionableBlogs(db: Db, names: readonly string[]): Promise<Set<string>> {
  const asked = [...new Set(names)].slice(0, MENTIONABLE_NAMES_MAX);
  if (asked.length === 0) return new Set();
  const rows = await db.selectFrom('blogs').select('name').where('name', 'in', asked).where('is_suspended', '=', false).execute();
  return new Set(rows.map((row) => row.name));
}
