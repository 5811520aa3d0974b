// In-blog search (spec 2 §4, §7) on post_search (migration post-search): a blog's posts whose
// tags, title or text hold the term, through post_search_blog_document_idx, and the blog's tags
// containing typed text, through blog_tags' indexes. A walk through the blog's posts is bounded.
import { sql, type RawBuilder } from 'kysely';
import type { BlogSearchPostRole, BlogSearchPostType, BlogSearchSort } from '../../shared/search/blog-search';
import { PLAN_FOR_VALUES } from '../db/database';
import type { Db } from '../db/schema';
import { flaggedPost } from '../visibility';

export interface BlogSearchRequest {
  blogId: string;
  term: string;
  /** The term as a tag (lowercased, without a leading #): posts carrying it come first. */
  tag: string;
  sort: BlogSearchSort;
  postType: BlogSearchPostType;
  postRole: BlogSearchPostRole;
  /** Leave out posts their owner flagged NSFW (safe search, or safe mode). */
  hideFlagged: boolean;
  ownerReads: boolean;
  offset: number;
  limit: number;
}

/**
 * The words of the term in any order, a quoted phrase as a phrase (websearch syntax, which never
 * fails on what a person types), in English (stems, no stop words) OR as typed ('simple'): the
 * second finds tags made of stop words ("the who") and words the stemmer would change.
 */
const query = (term: string) => sql`(websearch_to_tsquery('english', ${term}) || websearch_to_tsquery('simple', ${term}))`;

// The notes of a post, as hydration counts them (likes, public reblogs, replies): kept per
// published post in post_notes (migration discoperf-post-notes), one lookup by its key per match.
const notes = sql`coalesce((select pn.notes from post_notes pn where pn.post_id = s.post_id), 0)`;

const filters = (r: BlogSearchRequest): RawBuilder<unknown>[] => [
  r.ownerReads ? sql`true` : sql`not s.is_private`,
  r.hideFlagged ? sql`not ${flaggedPost('s')}` : sql`true`,
  r.postType === 'ANY' ? sql`true` : sql`s.type = ${r.postType.toLowerCase()}`,
  r.postRole === 'ORIGINAL' ? sql`not s.is_reblog` : sql`true`,
];

/** How many of the blog's newest posts are tested one by one before the GIN index takes the rest. */
export const BLOG_SEARCH_WALK = 1000;

/**
 * The search's one query (the bench's bare route sends the same text): ids, best first, limit + 1.
 * Newest first, in two parts: the posts carrying the term as a tag (post_search_blog_tags_idx),
 * then the others. The others are found by walking the blog's newest posts
 * (post_search_blog_recent_idx), testing each, and stopping once there are enough; only when the
 * newest `walk` posts do not hold enough does the GIN index (post_search_blog_document_idx) give
 * the matches older than them. The planner cannot make that choice itself: it takes words as
 * independent, so two words that always come together ("late novel") look rare and it read every
 * match through the GIN. Sorting by notes needs every match's kept count (post_notes): one part,
 * through the GIN index. Planned for its values each time (a generic plan cannot tell a common word
 * from a rare one).
 */
export function blogSearchQuery(r: BlogSearchRequest, walk = BLOG_SEARCH_WALK) {
  const matches = sql`s.blog_id = ${r.blogId} and s.document @@ ${query(r.term)} and ${sql.join(filters(r), sql` and `)}`;
  if (r.sort === 'POPULARITY_DESC') {
    return sql<{ id: string }>`${sql.raw(PLAN_FOR_VALUES)}
      select s.post_id as id
      from post_search s
      where ${matches}
      order by ${r.tag} = any(s.tags) desc, ${notes} desc, s.publish_id desc
      offset ${r.offset}
      limit ${r.limit + 1}`;
  }
  const enough = r.offset + r.limit + 1;
  const tagged = sql`s.tags @> array[${r.tag}]::text[]`;
  const newest = sql`select s.post_id, s.publish_id, s.document, s.tags from post_search s
    where s.blog_id = ${r.blogId} and ${sql.join(filters(r), sql` and `)}
    order by s.publish_id desc limit ${walk}`;
  return sql<{ id: string }>`${sql.raw(PLAN_FOR_VALUES)}
    with walked as materialized (
      select s.post_id as id, s.publish_id from (${newest}) s
      where s.document @@ ${query(r.term)} and not ${tagged}
      order by s.publish_id desc limit ${enough}
    )
    select id from (
      (select s.post_id as id, 0 as part, s.publish_id from post_search s
       where ${matches} and ${tagged} order by s.publish_id desc limit ${enough})
      union all
      (select id, 1 as part, publish_id from walked)
      union all
      (select s.post_id as id, 1 as part, s.publish_id from post_search s
       where (select count(*) from walked) < ${enough}
         and ${matches} and not ${tagged}
         and s.publish_id < (select min(n.publish_id) from (${newest}) n)
       order by s.publish_id desc limit ${enough})
    ) found
    order by part, publish_id desc
    offset ${r.offset}
    limit ${r.limit + 1}`;
}

export async function blogSearchIds(db: Db, r: BlogSearchRequest, walk = BLOG_SEARCH_WALK): Promise<{ ids: string[]; more: boolean }> {
  const { rows } = await blogSearchQuery(r, walk).execute(db);
  return { ids: rows.slice(0, r.limit).map((row) => row.id), more: rows.length > r.limit };
}

/** LIKE's wildcards and escape taken as the letters they are. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The tag holds `lowered`: LIKE for 3 letters or more (trigrams), strpos for fewer. Two texts, so
 * each prepared statement keeps the plan that suits it: a plan made for trigrams would read the
 * whole trigram index for "er".
 */
const contains = (lowered: string) =>
  lowered === '' ? sql``
  : [...lowered].length < 3 ? sql`and strpos(lower(tag), ${lowered}) > 0`
  : sql`and lower(tag) like ${`%${likeLiteral(lowered)}%`}`;

/**
 * Whose tags the typeahead offers: the owner all of them (private posts' too), a reader in safe
 * mode those of public posts not flagged NSFW, any other reader those of public posts.
 */
export type TagAudience = 'owner' | 'safe' | 'public';

/** How many of the posts `audience` reads carry the tag: each one is the key of its own index. */
const usesFor: Record<TagAudience, RawBuilder<number>> = {
  owner: sql<number>`(uses + private_uses)`, // blog_tags_owner_used_idx
  safe: sql<number>`(uses - flagged_uses)`, // blog_tags_safe_used_idx
  public: sql<number>`uses`, // blog_tags_most_used_idx
};

/**
 * The typeahead's one query: the blog's tags containing `text` anywhere (case aside) that
 * `audience` may see, most used (by them) first, at most `limit`. Trigrams
 * (blog_tags_typeahead_idx) find them for 3 letters or more; shorter text walks the audience's
 * most-used index, most used first, until enough match.
 */
export function typeaheadQuery(blogId: string, text: string, limit: number, audience: TagAudience) {
  const lowered = text.toLowerCase();
  const uses = usesFor[audience];
  return sql<{ tag: string }>`
    select tag from blog_tags
    where blog_id = ${blogId} and ${uses} > 0 ${contains(lowered)}
    order by ${uses} desc, tag
    limit ${limit}`;
}

export async function typeaheadTags(db: Db, blogId: string, text: string, limit: number, audience: TagAudience): Promise<string[]> {
  const { rows } = await typeaheadQuery(blogId, text, limit, audience).execute(db);
  return rows.map((row) => row.tag);
}
