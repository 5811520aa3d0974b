import type { FastifyInstance } from 'fastify';
import type { ExploreResponse } from '../../shared/tags';
import type { AppContext } from '../context';
import type { Db } from '../db/schema';
import { ok } from '../http/envelope';
import { hydratePosts } from '../hydration/hydrator';
import { postViews } from '../hydration/post-views';
import { readerSafeMode } from '../safe-mode';
import { notAcrossBlock, publicBlog, publicPost, safeForWork } from '../visibility';
import { exploreRollup } from './rollup';

const POPULAR_SHOWN = 20;
/** Rollup posts hydrated beyond a page while their visibility is checked. */
const HEAD_SPARE = 4;

/**
 * The rollup's posts this viewer may see now, in its order: one query on at most a hundred ids
 * (a post made private or a blog suspended since the rollup drops out at once), then the
 * viewer's blocks and safe mode.
 */
async function visiblePopular(db: Db, ids: string[], viewerUserId: string | null, safeMode: boolean): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('posts as p')
    .innerJoin('blogs as b', 'b.id', 'p.blog_id')
    .select('p.id')
    .where('p.id', 'in', ids)
    .where(publicPost('p'))
    .where(publicBlog('b'))
    .where(notAcrossBlock(db, 'p.blog_id', viewerUserId))
    .$if(safeMode, (q) => q.where(safeForWork('b', 'p')))
    .execute();
  const seen = new Set(rows.map((r) => r.id));
  return ids.filter((id) => seen.has(id)).slice(0, POPULAR_SHOWN);
}

export function exploreRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/svc/explore', async (request) => {
    const viewerUserId = request.viewer?.user.id ?? null;
    const [rollup, safeMode] = await Promise.all([exploreRollup(ctx.db), readerSafeMode(ctx.db, request.viewer)]);
    // The visibility check and the hydration of the likely page at once (one round trip less
    // on the request's path): the head of the rollup, a few past a page for posts hidden since.
    // Only what the check lets through is shown; when it reaches past the head, hydrate again.
    const head = rollup.popular.slice(0, POPULAR_SHOWN + HEAD_SPARE);
    const [ids, headHydrated] = await Promise.all([
      visiblePopular(ctx.db, rollup.popular, viewerUserId, safeMode),
      hydratePosts(ctx.db, head, viewerUserId),
    ]);
    const hydrated = ids.every((id) => headHydrated.posts.has(id)) ? headHydrated : await hydratePosts(ctx.db, ids, viewerUserId);
    return ok<ExploreResponse>({ trending_tags: rollup.trending, posts: postViews(ids, hydrated, viewerUserId, ctx.config.publicUrl), next: null });
  });
}
