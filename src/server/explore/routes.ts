import { exploreSchema, suggestionsSchema } from '../../shared/answers/explore';
import { blogView } from '../hydration/blog-views';
import type { Db } from '../db/schema';
import { endpoint } from '../http/endpoint';
import { hydratePosts } from '../hydration/hydrator';
import { postViews } from '../hydration/post-views';
import { readerSafeMode } from '../safe-mode';
import { discoverableBlog, notAcrossBlock, publicPost, safeForWork } from '../visibility';
import { exploreRollup } from './rollup';
import { suggestedBlogs, suggestedTags } from './suggestions';

const POPULAR_SHOWN = 20;
/** Rollup posts hydrated beyond a page while their visibility is checked. */
const HEAD_SPARE = 4;

/**
 * The rollup's posts this viewer may see now, in its order: one query on at most a hundred ids
 * (a post made private, or a blog suspended or marked spam since the rollup, drops out at once),
 * then the viewer's blocks and safe mode.
 */
async function visiblePopular(db: Db, ids: string[], viewerUserId: string | null, safeMode: boolean): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('posts as p')
    .innerJoin('blogs as b', 'b.id', 'p.blog_id')
    .select('p.id')
    .where('p.id', 'in', ids)
    .where(publicPost('p'))
    .where(discoverableBlog('b'))
    .where(notAcrossBlock(db, 'p.blog_id', viewerUserId))
    .$if(safeMode, (q) => q.where(safeForWork('b', 'p')))
    .execute();
  const seen = new Set(rows.map((r) => r.id));
  return ids.filter((id) => seen.has(id)).slice(0, POPULAR_SHOWN);
}

export const exploreEndpoints = [
  endpoint({
    method: 'GET',
    path: '/svc/explore',
    area: 'explore',
    summary: "Today's trending tags and the popular public posts of the last two days, as this viewer may see them (one page).",
    access: 'anyone',
    answer: exploreSchema,
    handle: async ({ ctx, viewer }) => {
      const viewerUserId = viewer?.user.id ?? null;
      const [rollup, safeMode] = await Promise.all([exploreRollup(ctx.db), readerSafeMode(ctx.db, viewer)]);
      // The visibility check and the hydration of the likely page at once (one round trip less
      // on the request's path): the head of the rollup, a few past a page for posts hidden since.
      // Only what the check lets through is shown; when it reaches past the head, hydrate again.
      const head = rollup.popular.slice(0, POPULAR_SHOWN + HEAD_SPARE);
      const [ids, headHydrated] = await Promise.all([
        visiblePopular(ctx.db, rollup.popular, viewerUserId, safeMode),
        hydratePosts(ctx.db, head, viewerUserId),
      ]);
      const hydrated = ids.every((id) => headHydrated.posts.has(id)) ? headHydrated : await hydratePosts(ctx.db, ids, viewerUserId);
      return { trending_tags: rollup.trending, posts: postViews(ids, hydrated, viewerUserId, ctx.config.publicUrl), next: null };
    },
  }),
  endpoint({
    method: 'GET',
    path: '/svc/explore/suggestions',
    area: 'explore',
    summary:
      "Blogs and tags to follow, from Explore's popular posts and trending tags: none the viewer follows, owns, is blocked from, or that is suspended or spam (a quiet dashboard and the welcome step).",
    access: 'user',
    answer: suggestionsSchema,
    handle: async ({ ctx, viewer }) => {
      const [rollup, safeMode] = await Promise.all([exploreRollup(ctx.db), readerSafeMode(ctx.db, viewer)]);
      const [blogs, tags] = await Promise.all([suggestedBlogs(ctx.db, viewer.user.id, rollup, safeMode), suggestedTags(ctx.db, viewer.user.id, rollup)]);
      return { blogs: blogs.map((row) => ({ ...blogView(row, ctx.config.publicUrl, null), following: false })), tags };
    },
  }),
];
