// Who may read a blog in the drawer and in-blog search, and what safe mode withholds: the blog
// page's rules (posts/routes.ts: suspension and blocks; visibility.ts: drafts, queue, private)
// plus spec 2 §6's safe mode, in one place both areas read.
import { isId } from '../../shared/ids';
import type { AppContext } from '../context';
import { compileOnce } from '../db/compiled';
import type { Db } from '../db/schema';
import type { BlogRow } from '../db/tables/blog';
import { blogHiddenByBlock } from '../blocks/queries';
import { followState, NOT_FOLLOWING, type BlogRelation } from '../follows/service';
import { blogNotFound } from '../http/errors';
import type { Viewer } from '../http/session';
import { hiddenBySuspension } from '../visibility';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface BlogAccess {
  blog: BlogRow;
  isOwner: boolean;
  relation: BlogRelation;
  /** The viewer reads with safe mode on (logged out: on, the site's default). */
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
 * follow, subscription and block flags.
 */
export async function openBlog(ctx: AppContext, viewer: Viewer | null, nameOrId: string, bypassSafeMode: boolean): Promise<BlogAccess> {
  const blog = await blogByNameOrId(ctx.db, nameOrId);
  const viewerId = viewer?.user.id ?? null;
  if (!blog || hiddenBySuspension(blog, viewerId)) throw blogNotFound(nameOrId);
  const isOwner = viewerId === blog.user_id;
  const relation = viewer && !isOwner ? await followState(ctx.db, viewer.user.id, blog) : NOT_FOLLOWING;
  if (relation.is_blocked) throw blogHiddenByBlock();
  // Spec 2 §6: safe mode never applies to one's own blog.
  const safeMode = !isOwner && (viewer ? viewer.user.safe_mode : true);
  const adult = blog.is_adult || blog.is_nsfw;
  return {
    blog,
    isOwner,
    relation,
    safeMode,
    blogHidden: safeMode && adult && !bypassSafeMode,
    hideFlagged: safeMode && !bypassSafeMode,
    bypassed: safeMode && adult && bypassSafeMode,
  };
}
