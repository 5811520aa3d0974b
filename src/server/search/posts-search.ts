import { sql } from 'kysely';
import { SITE_SEARCH, type SearchPostType, type SearchSort } from '../../shared/search/site';
import type { Db } from '../db/schema';
import { hiddenBlogIds, publicBlog } from '../visibility';

export interface PostSearch {
  /** The words as typed (never parsed here: websearch_to_tsquery reads any text safely). */
  words: string;
  /** A term that started with #: the tag, as lists match it; words are then unused. */
  tag: string | null;
  sort: SearchSort;
  postType: SearchPostType;
  safeMode: boolean;
  viewerUserId: string | null;
  /** recent: the publish_id to continue below; top: how many results were already shown. */
  before: string | null;
}

export interface SearchIds {
  ids: string[];
  next: string | null;
}

const SIZE = SITE_SEARCH.pageSize;

/*
 * The query both ways: stems in English (titles and bodies are 'english' in the document) or
 * the words as typed ('simple': tags keep their exact words), so "cats" finds both the tag #cats
 * and a body that says "cat".
 */
const tsquery = (words: string) => sql`(websearch_to_tsquery('english', ${words}) || websearch_to_tsquery('simple', ${words}))`;

/** How many of the newest public documents the first step may test, one by one, newest first. */
const WINDOW = 5000;

interface Match {
  id: string;
  publish_id: string;
  rank: number;
}

/**
 * The newest `limit` visible documents matching the words below `before`, in bounded steps,
 * because the planner cannot tell a common pair of words from a rare one (it multiplies the
 * words' frequencies, so "long drive", in 4% of posts, looks rare and its GIN bitmap reads 40,000
 * rows). First a walk down post_search_recent_idx testing each document, which stops as soon as
 * the page is found and never goes past WINDOW documents: enough for any words in more than 1
 * post in 500. The blog rules are hashed sets (blogs_suspended_idx, blogs_spam_idx, the blocks),
 * not a join, so nothing forces the walk to finish. Only when the window ran out, the rest below
 * it through the GIN (post_search_blog_document_idx): words that rare match few rows.
 */
async function newestMatches(db: Db, search: PostSearch, limit: number, before: string): Promise<Match[]> {
  const query = tsquery(search.words);
  const hidden = search.viewerUserId === null ? sql`select null::bigint where false` : hiddenBlogIds(db, search.viewerUserId);
  const rules = sql`
    s.blog_id not in (select id from blogs where is_suspended or is_spam)
    and s.blog_id not in (${hidden})
    and ${search.safeMode ? sql`not s.owner_flagged_nsfw and s.blog_id not in (select id from blogs where is_adult or is_nsfw)` : sql`true`}
    and ${search.postType === 'any' ? sql`true` : sql`s.type = ${search.postType}`}`;
  const rank = sql`ts_rank('{0.1, 0.2, 0.4, 1.0}'::real[], s.document, ${query})`;

  const { rows } = await sql<Match>`
    select s.post_id as id, s.publish_id, ${rank} as rank
    from (
      select post_id, publish_id, blog_id, type, owner_flagged_nsfw, document from post_search
      where not is_private and publish_id < ${before}
      order by publish_id desc
      limit ${WINDOW}
    ) s
    where s.document @@ ${query} and ${rules}
    order by s.publish_id desc
    limit ${limit}`.execute(db);
  const found = rows.map((r) => ({ ...r, rank: Number(r.rank) }));
  if (found.length >= limit) return found;

  const { rows: edge } = await sql<{ publish_id: string }>`
    select publish_id from post_search where not is_private and publish_id < ${before}
    order by publish_id desc offset ${WINDOW - 1} limit 1`.execute(db);
  if (edge.length === 0) return found;
  const { rows: more } = await sql<Match>`
    select s.post_id as id, s.publish_id, ${rank} as rank from post_search s
    where s.document @@ ${query} and not s.is_private and s.publish_id < ${edge[0]!.publish_id} and ${rules}
    order by s.publish_id desc
    limit ${limit - found.length}`.execute(db);
  return [...found, ...more.map((r) => ({ ...r, rank: Number(r.rank) }))];
}

/**
 * One page of site search over public posts (newestMatches finds them). Recent: newest first,
 * keyset on publish_id. Top: the newest SITE_SEARCH.topCandidates matches ranked by ts_rank
 * (tags weigh most), paged by offset within them: a bounded sort however common the words. A
 * #tag walks post_tags_pkey instead.
 */
export async function searchPostIds(db: Db, search: PostSearch): Promise<SearchIds> {
  if (search.tag !== null) {
    const hidden = search.viewerUserId === null ? sql`select null::bigint as blog_id where false` : hiddenBlogIds(db, search.viewerUserId);
    const safe = search.safeMode ? sql`not s.owner_flagged_nsfw and not b.is_adult and not b.is_nsfw` : sql`true`;
    const type = search.postType === 'any' ? sql`true` : sql`s.type = ${search.postType}`;
    const { rows } = await sql<{ id: string; publish_id: string }>`
      with hidden as materialized (${hidden})
      select pt.post_id as id, pt.publish_id from post_tags pt
      join post_search s on s.post_id = pt.post_id
      join blogs b on b.id = pt.blog_id
      where pt.tag = ${search.tag} and pt.publish_id < ${search.before ?? NO_CURSOR}
        and ${publicBlog('b')} and not b.is_spam and b.id not in (select blog_id from hidden) and ${safe} and ${type}
      order by pt.publish_id desc
      limit ${SIZE + 1}`.execute(db);
    return keysetPage(rows);
  }
  if (search.sort === 'recent') return keysetPage(await newestMatches(db, search, SIZE + 1, search.before ?? NO_CURSOR));

  const offset = Number(search.before ?? '0');
  const ranked = (await newestMatches(db, search, SITE_SEARCH.topCandidates, NO_CURSOR)).sort(
    (a, b) => b.rank - a.rank || (BigInt(b.publish_id) > BigInt(a.publish_id) ? 1 : -1),
  );
  const shown = ranked.slice(offset, offset + SIZE);
  const end = offset + SIZE;
  return { ids: shown.map((r) => r.id), next: ranked.length > end ? String(end) : null };
}

const NO_CURSOR = '9223372036854775807';

function keysetPage(rows: Array<{ id: string; publish_id: string }>): SearchIds {
  const shown = rows.slice(0, SIZE);
  return { ids: shown.map((r) => r.id), next: rows.length > SIZE ? shown[shown.length - 1]!.publish_id : null };
}

/**
 * The "your stuff" facet: the viewer's own posts (published and private from post_search, drafts
 * and the queue through their blog indexes, their document made on the fly: a user's drafts and
 * queue are few) and the posts they liked that others may still see. Newest post first, keyset
 * on the post id. Only ever asked with the viewer's own id.
 */
export async function searchOwnIds(db: Db, userId: string, words: string, postType: SearchPostType, before: string | null): Promise<SearchIds> {
  const query = tsquery(words);
  const below = before ?? '9223372036854775807';
  const type = (column: string) => (postType === 'any' ? sql`true` : sql`${sql.ref(column)} = ${postType}`);
  const { rows } = await sql<{ id: string }>`
    with mine as (select id from blogs where user_id = ${userId}),
    hidden as materialized (${hiddenBlogIds(db, userId)})
    select id from (
      select s.post_id as id from post_search s
      where s.blog_id in (select id from mine) and s.document @@ ${query} and ${type('s.type')}
      union
      select p.id from posts p
      where p.blog_id in (select id from mine) and p.state in ('draft', 'queued')
        and post_search_document(p.tags, p.content, p.comment_html) @@ ${query} and ${type('p.type')}
      union
      select s.post_id from likes l
      join post_search s on s.post_id = l.post_id
      join blogs b on b.id = s.blog_id
      where l.user_id = ${userId} and s.document @@ ${query} and not s.is_private
        and ${publicBlog('b')} and b.id not in (select blog_id from hidden) and ${type('s.type')}
    ) found
    where id < ${below}
    order by id desc
    limit ${SIZE + 1}`.execute(db);
  const shown = rows.slice(0, SIZE);
  return { ids: shown.map((r) => r.id), next: rows.length > SIZE ? shown[shown.length - 1]!.id : null };
}
