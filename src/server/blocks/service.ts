import { sql } from 'kysely';
import type { BlockAnswer, BlockedPage } from '../../shared/moderation';
import { blogByName } from '../hydration/blogs';
import { blogView } from '../hydration/blog-views';
import type { AppContext } from '../context';
import type { Db } from '../db/schema';
import type { BlogRow } from '../db/tables/blog';
import { AppError, ErrorCode, invalidField } from '../http/errors';
import { cursorOf, pageOf, readCursor } from '../http/paging';
import type { Viewer } from '../http/session';
import { namedBlog } from '../rules/blogs';
import { reachablePost } from '../rules/posts';
import { hiddenBySuspension } from '../visibility';
import { lockBlogs } from './queries';

export const BLOCKS_PAGE = 20;

export interface BlockInput {
  tumblelog: string;
  blocked_tumblelog?: string;
  blocked_post?: string;
  block_context?: string;
}


const noBlogNamed = (name: string) => {
  const message = `There is no blog named "${name}".`;
  return new AppError(404, ErrorCode.blogNotFound, message, [{ code: ErrorCode.blogNotFound, title: message, field: 'blocked_tumblelog' }]);
};

/** The blog that blocks (or unblocks): one of the viewer's own. Someone else's is refused, saying so. */
export async function blockingBlog(db: Db, viewer: Viewer, name: string): Promise<BlogRow> {
  const blog = await namedBlog(db, name);
  if (blog.user_id !== viewer.user.id) {
    const message = `You can only manage blocks of your own blogs, and "${name}" is not one of them.`;
    throw new AppError(403, ErrorCode.forbidden, message, [{ code: ErrorCode.forbidden, title: message, field: 'tumblelog' }]);
  }
  return blog;
}

/** A post that is not there for the viewer, naming the field it came in. */
const noSuchPost = () =>
  new AppError(404, ErrorCode.notFound, 'There is no such post, or it is not yours to see.', [
    { code: ErrorCode.notFound, title: 'There is no such post, or it is not yours to see.', field: 'blocked_post' },
  ]);

type TargetBlog = Pick<BlogRow, 'id' | 'name' | 'user_id'>;

/**
 * The blog to block, named or found through one of its posts the viewer can see (rules/posts.ts
 * reachablePost: someone else's draft, queue or private post is not there; a block already between
 * them does not stop another).
 */
async function blockTarget(db: Db, viewer: Viewer, input: BlockInput): Promise<TargetBlog> {
  let byName: BlogRow | undefined;
  if (input.blocked_tumblelog) {
    byName = await blogByName(db, input.blocked_tumblelog);
    if (!byName || hiddenBySuspension(byName, viewer.user.id)) throw noBlogNamed(input.blocked_tumblelog);
  }
  if (!input.blocked_post) {
    if (!byName) throw invalidField('blocked_tumblelog', 'Say which blog to block: blocked_tumblelog or blocked_post is missing.');
    return byName;
  }
  const { blog } = await reachablePost(db, viewer.user.id, input.blocked_post).catch((error: unknown) => {
    throw error instanceof AppError && error.code === ErrorCode.notFound ? noSuchPost() : error;
  });
  if (byName && byName.id !== blog.id) {
    throw invalidField('blocked_post', 'blocked_post is a post of another blog than blocked_tumblelog: send one of them.');
  }
  return blog;
}

/**
 * POST /svc/block/add. One transaction: the block, and the end of the follows between the two
 * owners (the blocked owner's follow of the blocker blog, the blocker's follow of the blocked
 * blog; their subscriptions go with them). Both blog rows are locked first, so a follow that
 * checks the block at the same moment waits for it (blocks/queries.ts). Blocking twice is one block.
 */
export async function addBlock(ctx: AppContext, viewer: Viewer, input: BlockInput): Promise<BlockAnswer> {
  return blockAs(ctx, viewer, await blockingBlog(ctx.db, viewer, input.tumblelog), input);
}

/** `addBlock` with the blocking blog loaded (the route loads it first: blocks/routes.ts). */
export async function blockAs(ctx: AppContext, viewer: Viewer, blocker: BlogRow, input: BlockInput): Promise<BlockAnswer> {
  const blocked = await blockTarget(ctx.db, viewer, input);
  if (blocked.user_id === viewer.user.id) {
    const field = input.blocked_tumblelog ? 'blocked_tumblelog' : 'blocked_post';
    throw new AppError(400, ErrorCode.notAllowed, 'You cannot block your own blog.', [
      { code: ErrorCode.notAllowed, title: 'You cannot block your own blog.', field },
    ]);
  }
  await ctx.db.transaction().execute(async (trx) => {
    await lockBlogs(trx, [blocker.id, blocked.id]);
    await trx
      .insertInto('blocks')
      .values({ blocker_blog_id: blocker.id, blocked_blog_id: blocked.id, context: input.block_context ?? '' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx
      .deleteFrom('follows')
      .where((eb) =>
        eb.or([
          eb.and([eb('user_id', '=', blocked.user_id), eb('blog_id', '=', blocker.id)]),
          eb.and([eb('user_id', '=', viewer.user.id), eb('blog_id', '=', blocked.id)]),
        ]),
      )
      .execute();
  });
  await blockChangedMessaging(ctx, [viewer.user.id, blocked.user_id]);
  return { is_blocked: true, tumblelog: blocker.name, blocked_tumblelog: blocked.name };
}

/**
 * A block hides (an unblock shows again) the conversations between the two owners: their unread
 * message counts change, which every server process hears over the event bus. A bus that fails
 * leaves the counts to their cache's lifetime (messaging/live.ts), not the block undone.
 */
async function blockChangedMessaging(ctx: AppContext, userIds: string[]) {
  await ctx.bus.publish({ type: 'unread', userIds }).catch(() => {});
}

/** POST /svc/block/remove. Removing a block that is not there answers the same. */
export async function removeBlock(ctx: AppContext, viewer: Viewer, blocker: BlogRow, blockedName: string): Promise<BlockAnswer> {
  const blocked = await blogByName(ctx.db, blockedName);
  if (!blocked) throw noBlogNamed(blockedName);
  await ctx.db.deleteFrom('blocks').where('blocker_blog_id', '=', blocker.id).where('blocked_blog_id', '=', blocked.id).execute();
  await blockChangedMessaging(ctx, [viewer.user.id, blocked.user_id]);
  return { is_blocked: false, tumblelog: blocker.name, blocked_tumblelog: blocked.name };
}

/** GET /svc/block/list: the blogs one blog blocked, newest block first; one query, on blocks_blocker_recent_idx. */
export async function blockedPage(
  ctx: AppContext,
  viewer: Viewer,
  blocker: BlogRow,
  before: string | undefined,
): Promise<BlockedPage> {
  const cursor = readCursor(before, 2);
  let query = ctx.db
    .selectFrom('blocks as k')
    .innerJoin('blogs', 'blogs.id', 'k.blocked_blog_id')
    .selectAll('blogs')
    .select(['k.created_at as blocked_at', sql<string>`(extract(epoch from k.created_at) * 1000000)::bigint::text`.as('blocked_us')])
    .where('k.blocker_blog_id', '=', blocker.id);
  if (cursor) {
    const [us, blogId] = cursor;
    const at = sql<Date>`(timestamptz 'epoch' + ${us}::bigint * interval '1 microsecond')`;
    query = query.where(sql<boolean>`(k.created_at, k.blocked_blog_id) < (${at}, ${blogId}::bigint)`);
  }
  const rows = await query
    .orderBy('k.created_at', 'desc')
    .orderBy('k.blocked_blog_id', 'desc')
    .limit(BLOCKS_PAGE + 1)
    .execute();
  // The cursor: the block's time in microseconds, then the blocked blog's id (http/paging.ts).
  const page = pageOf(rows, BLOCKS_PAGE, (last) => cursorOf(last.blocked_us, last.id));
  return {
    blogs: page.items.map(({ blocked_at, blocked_us: _us, ...blog }) => ({
      ...blogView(blog, ctx.config.publicUrl, viewer.user.current_blog_id),
      blocked_at: blocked_at.toISOString(),
    })),
    next: page.next,
  };
}
