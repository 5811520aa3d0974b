// Blogs and tags to follow (issue 24, "getting started"): what Explore already knows (its rollup),
// less what the viewer follows, owns or is blocked from. One query for the blogs, one for the tags.
import { sql } from 'kysely';
import type { Db } from '../db/schema';
import type { BlogRow } from '../db/tables/blog';
import { discoverableBlog, notAcrossBlock, publicPost } from '../visibility';
import type { ExploreRollup } from './rollup';

export const SUGGESTED_BLOGS = 6;
export const SUGGESTED_TAGS = 8;

/**
 * The blogs of the rollup's popular posts, in the rank of their best post: discoverable (not
 * suspended, not spam), not the viewer's own, not followed, not across a block either way, not adult
 * when the viewer reads in safe mode. The rollup holds at most a hundred ids (posts_pkey).
 */
export async function suggestedBlogs(db: Db, userId: string, rollup: ExploreRollup, safeMode: boolean): Promise<BlogRow[]> {
  if (rollup.popular.length === 0) return [];
  const ranked = db
    .selectFrom('posts as p')
    .select(['p.blog_id', sql<number>`min(array_position(${rollup.popular}::bigint[], p.id))`.as('rank')])
    .where('p.id', 'in', rollup.popular)
    .where(publicPost('p'))
    .groupBy('p.blog_id')
    .as('r');
  return db
    .selectFrom('blogs as b')
    .innerJoin(ranked, 'r.blog_id', 'b.id')
    .selectAll('b')
    .where(discoverableBlog('b'))
    .where('b.user_id', '!=', userId)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('follows as f').select('f.blog_id').where('f.user_id', '=', userId).whereRef('f.blog_id', '=', 'b.id'))),
    )
    .where(notAcrossBlock(db, 'b.id', userId))
    .$if(safeMode, (q) => q.where('b.is_adult', '=', false).where('b.is_nsfw', '=', false))
    .orderBy('r.rank')
    .limit(SUGGESTED_BLOGS)
    .execute();
}

/** The rollup's trending tags the viewer does not follow yet (tag_follows' primary key). */
export async function suggestedTags(db: Db, userId: string, rollup: ExploreRollup): Promise<ExploreRollup['trending']> {
  if (rollup.trending.length === 0) return [];
  const followed = await db
    .selectFrom('tag_follows')
    .select('tag')
    .where('user_id', '=', userId)
    .where(
      'tag',
      'in',
      rollup.trending.map((t) => t.tag),
    )
    .execute();
  const skip = new Set(followed.map((f) => f.tag));
  return rollup.trending.filter((t) => !skip.has(t.tag)).slice(0, SUGGESTED_TAGS);
}
