// Who may read a blog in the drawer and in-blog search, and what safe mode withholds: the blog
// page's rules (visibility.ts: suspension, drafts, queue, private; rules/blogs.ts: the viewer's
// relation to it, a block included) plus spec 2 §6's safe mode, in one place both areas read.
import { isId, isUuid } from '../../shared/ids';
import type { AppContext } from '../context';
import { compileOnce } from '../db/compiled';
import type { Db } from '../db/schema';
import type { BlogRow } from '../db/tables/blog';
import { blogHiddenByBlock } from '../blocks/queries';
import type { Loader } from '../http/endpoint';
import { blogNotFound, ErrorCode } from '../http/errors';
import type { Viewer } from '../http/session';
import { NOT_FOLLOWING, relationColumns, relationOf, relationTo, type BlogRelation } from '../rules/blogs';
import { readerSafeMode } from '../safe-mode';
import { hiddenBySuspension } from '../visibility';


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
 * A blog by name with a logged-in viewer's relation to it (rules/blogs.ts relationColumns) in ONE
 * statement: what a drawer open or a search by a logged-in reader starts with (the bench's bare
 * route sends the same text).
 */
export const blogWithRelationQuery = (db: Db, name: string, userId: string) => {
  const relation = relationColumns(db, userId, 'blogs.id');
  return db
    .selectFrom('blogs')
    .selectAll('blogs')
    .select([relation.following.as('following'), relation.followed_back.as('followed_back'), relation.subscribed.as('subscribed'), relation.blocked.as('blocked')])
    .where('blogs.name', '=', name);
};
const byNameWithRelation = compileOnce(blogWithRelationQuery);

/** The blog and the viewer's relation to it: one statement by name, or the blog then relationTo. */
async function blogAndRelation(db: Db, viewer: Viewer | null, nameOrId: string): Promise<{ blog: BlogRow; relation: BlogRelation } | null> {
  if (viewer && !isId(nameOrId) && !isUuid(nameOrId)) {
    const [row] = await byNameWithRelation(db, nameOrId, viewer.user.id);
    if (!row) return null;
    const { following, followed_back, subscribed, blocked, ...blog } = row;
    return { blog, relation: blog.user_id === viewer.user.id ? NOT_FOLLOWING : relationOf({ following, followed_back, subscribed, blocked }) };
  }
  const blog = await blogByNameOrId(db, nameOrId);
  if (!blog) return null;
  return { blog, relation: viewer ? await relationTo(db, viewer.user.id, blog) : NOT_FOLLOWING };
}

/** A blog by name, numeric id or uuid (tumblelog_name_or_id). */
export async function blogByNameOrId(db: Db, nameOrId: string): Promise<BlogRow | undefined> {
  if (isId(nameOrId)) {
    const byId = await db.selectFrom('blogs').selectAll().where('id', '=', nameOrId).executeTakeFirst();
    if (byId) return byId;
  }
  if (isUuid(nameOrId)) return db.selectFrom('blogs').selectAll().where('uuid', '=', nameOrId.toLowerCase()).executeTakeFirst();
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

// The call as these loaders read it (http/endpoint.ts Call): the context and the viewer.
interface ReaderCall {
  ctx: AppContext;
  viewer: Viewer | null;
}

/** The drawer's blog (name, id or uuid) as the viewer may read it, with what safe mode withholds. */
export const openBlogFrom = <C extends ReaderCall>(nameOrId: (call: C) => string, bypassSafeMode: (call: C) => boolean): Loader<C, BlogAccess> => ({
  describe: "the blog (name, id or uuid) as the viewer may read it, with their relation to it and what safe mode withholds (404 for none or one suspended, 403 across a block)",
  errors: [ErrorCode.blogNotFound, ErrorCode.blocked],
  load: (call) => openBlog(call.ctx, call.viewer, nameOrId(call), bypassSafeMode(call)),
});

/** A blog by name, id or uuid that the viewer may read (suspended blogs are gone for all but their owner). */
export const readableBlogByNameOrIdFrom = <C extends ReaderCall>(nameOrId: (call: C) => string): Loader<C, BlogRow> => ({
  describe: 'a blog (name, id or uuid) the viewer may read (404 for none, or one suspended)',
  errors: [ErrorCode.blogNotFound],
  load: async (call) => {
    const name = nameOrId(call);
    const blog = await blogByNameOrId(call.ctx.db, name);
    if (!blog || hiddenBySuspension(blog, call.viewer?.user.id ?? null)) throw blogNotFound(name);
    return blog;
  },
});
