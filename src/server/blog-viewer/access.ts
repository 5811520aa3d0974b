// Who may read a blog in the drawer and in-blog search, and what safe mode withholds: the blog
// page's rules (posts/routes.ts: suspension and blocks; visibility.ts: drafts, queue, private)
// plus spec 2 §6's safe mode, in one place both areas read.
import { sql } from 'kysely';
import { isId } from '../../shared/ids';
import type { AppContext } from '../context';
import { compileOnce } from '../db/compiled';
import type { Db } from '../db/schema';
import type { BlogRow } from '../db/tables/blog';
import { blogHiddenByBlock } from '../blocks/queries';
import { relationTo as followState, NOT_FOLLOWING, type BlogRelation } from '../rules/blogs';
import { blogNotFound } from '../http/errors';
import type { Viewer } from '../http/session';
import { readerSafeMode } from '../safe-mode';
import { hiddenBlogIds, hiddenBySuspension } from '../visibility';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface BlogAccess {
  blog: BlogRow;
  isOwner: boolean;
  relation: BlogRelation;
  /** The reader has safe mode on (safe-mode.ts), whoever's blog this is: what ads beside it obey. */
  readerSafeMode: boolean;
  /** Safe mode applies to this blog: the reader's is on and the blog is not their own. */
  safeMode: boolean;
  /** Safe mode withholds the whole blog (adult or NSFW, not bypassed): no posts, the overlay. */
  blogHidden: boolean;
  /** Safe mode leaves out posts their owner flagged NSFW. */
  hideFlagged: boolean;
  /** Safe mode was bypassed on an adult blog: the drawer may carry the survey. */
  bypassed: boolean;
}

// Every drawer open and search starts here: built and compiled once (the text of blogByName).
const byName = compileOnce((db: Db, name: string) => db.selectFrom('blogs').selectAll().where('name', '=', name));

/**
 * A blog by name with a logged-in viewer's relation to it (follows/service.ts followState's three
 * flags) in ONE statement: what a drawer open or a search by a logged-in reader starts with (the
 * bench's bare route sends the same text).
 */
export const blogWithRelationQuery = (db: Db, name: string, userId: string) =>
  db
    .selectFrom('blogs')
    .selectAll('blogs')
    .select((eb) => [
      eb.exists(eb.selectFrom('follows').select(sql<number>`1`.as('one')).where('follows.user_id', '=', userId).whereRef('follows.blog_id', '=', 'blogs.id')).as('following'),
      eb
        .exists(eb.selectFrom('subscriptions').select(sql<number>`1`.as('one')).where('subscriptions.user_id', '=', userId).whereRef('subscriptions.blog_id', '=', 'blogs.id'))
        .as('subscribed'),
      eb('blogs.id', 'in', hiddenBlogIds(db, userId)).as('blocked'),
    ])
    .where('blogs.name', '=', name);
const byNameWithRelation = compileOnce(blogWithRelationQuery);

/** The relation of followState from the flags, for a blog the viewer does not own. */
const relationOf = (flags: { following: unknown; subscribed: unknown; blocked: unknown }): BlogRelation => {
  const following = Boolean(flags.following);
  return { following, can_subscribe: following, is_subscribed: following && Boolean(flags.subscribed), is_blocked: Boolean(flags.blocked) };
};

/** The blog and the viewer's relation to it: one statement by name, or the blog then followState. */
async function blogAndRelation(db: Db, viewer: Viewer | null, nameOrId: string): Promise<{ blog: BlogRow; relation: BlogRelation } | null> {
  if (viewer && !isId(nameOrId) && !UUID.test(nameOrId)) {
    const [row] = await byNameWithRelation(db, nameOrId, viewer.user.id);
    if (!row) return null;
    const { following, subscribed, blocked, ...blog } = row;
    return { blog, relation: blog.user_id === viewer.user.id ? NOT_FOLLOWING : relationOf({ following, subscribed, blocked }) };
  }
  const blog = await blogByNameOrId(db, nameOrId);
  if (!blog) return null;
  return { blog, relation: viewer && viewer.user.id !== blog.user_id ? await followState(db, viewer.user.id, blog) : NOT_FOLLOWING };
}

/** A blog by name, numeric id or uuid (tumblelog_name_or_id). */
export async function blogByNameOrId(db: Db, nameOrId: string): Promise<BlogRow | undefined> {
  if (isId(nameOrId)) {
    const byId = await db.selectFrom('blogs').selectAll().where('id', '=', nameOrId).executeTakeFirst();
    if (byId) return byId;
  }
  if (UUID.test(nameOrId)) return db.selectFrom('blogs').selectAll().where('uuid', '=', nameOrId.toLowerCase()).executeTakeFirst();
  return (await byName(db, nameOrId))[0];
}

/**
 * The blog as `viewer` may read it: 404 when it does not exist or is suspended (its owner still
 * sees it), 403 across a block, as on the blog page. One query for the blog, one for the viewer's
 * follow, subscription and block flags (one query for both by name, as a logged-in reader asks).
 */
export async function openBlog(ctx: AppContext, viewer: Viewer | null, nameOrId: string, bypassSafeMode: boolean): Promise<BlogAccess> {
  // The flag's read runs beside the blog's, not after it: no round trip more on a drawer open.
  const [found, readerSafe] = await Promise.all([blogAndRelation(ctx.db, viewer, nameOrId), readerSafeMode(ctx.db, viewer)]);
  const viewerId = viewer?.user.id ?? null;
  if (!found || hiddenBySuspension(found.blog, viewerId)) throw blogNotFound(nameOrId);
  const { blog, relation } = found;
  const isOwner = viewerId === blog.user_id;
  if (relation.is_blocked) throw blogHiddenByBlock();
  // Spec 2 §6: safe mode never applies to one's own blog.
  const safeMode = !isOwner && readerSafe;
  const adult = blog.is_adult || blog.is_nsfw;
  return {
    blog,
    isOwner,
    relation,
    readerSafeMode: readerSafe,
    safeMode,
    blogHidden: safeMode && adult && !bypassSafeMode,
    hideFlagged: safeMode && !bypassSafeMode,
    bypassed: safeMode && adult && bypassSafeMode,
  };
}
