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

/**
 * One page of site search over public posts. The words: post_search_blog_document_idx (the GIN
 * serves `document @@` alone) for rare words, or a walk down post_search_recent_idx testing each
 * document for common ones: the planner picks by the words' frequency, and either way the walk
 * stops after the page. post_search's own columns filter (never private, the type, safe mode's
 * flagged posts); blogs_spam_idx / blogs_suspended_idx and the blocks indexes leave blogs out.
 * Recent: newest first, keyset on publish_id. Top: the newest SITE_SEARCH.topCandidates matches
 * ranked by ts_rank (tags weigh most), paged by offset within them: a bounded sort however common
 * the word. A #tag walks post_tags_pkey instead.
 */
export async function searchPostIds(db: Db, search: PostSearch): Promise<SearchIds> {
  const hidden = search.viewerUserId === null ? sql`select null::bigint as blog_id where false` : hiddenBlogIds(db, search.viewerUserId);
  const safe = search.safeMode ? sql`not s.owner_flagged_nsfw and not b.is_adult and not b.is_nsfw` : sql`true`;
  const type = search.postType === 'any' ? sql`true` : sql`s.type = ${search.postType}`;
  const visible = sql`not s.is_private and ${publicBlog('b')} and not b.is_spam and b.id not in (select blog_id from hidden) and ${safe} and ${type}`;

  if (search.tag !== null) {
    const { rows } = await sql<{ id: string; publish_id: string }>`
      with hidden as materialized (${hidden})
      select pt.post_id as id, pt.publish_id from post_tags pt
      join post_search s on s.post_id = pt.post_id
      join blogs b on b.id = pt.blog_id
      where pt.tag = ${search.tag} and pt.publish_id < ${search.before ?? NO_CURSOR} and ${visible}
      order by pt.publish_id desc
      limit ${SIZE + 1}`.execute(db);
    return keysetPage(rows);
  }
  if (search.sort === 'recent') {
    const { rows } = await sql<{ id: string; publish_id: string }>`
      with hidden as materialized (${hidden})
      select s.post_id as id, s.publish_id from post_search s
      join blogs b on b.id = s.blog_id
      where s.document @@ ${tsquery(search.words)} and not s.is_private and s.publish_id < ${search.before ?? NO_CURSOR} and ${visible}
      order by s.publish_id desc
      limit ${SIZE + 1}`.execute(db);
    return keysetPage(rows);
  }

  const offset = Number(search.before ?? '0');
  const query = tsquery(search.words);
  const { rows } = await sql<{ id: string }>`
    with hidden as materialized (${hidden}),
    candidates as (
      select s.post_id, s.publish_id, s.document from post_search s
      join blogs b on b.id = s.blog_id
      where s.document @@ ${query} and not s.is_private and ${visible}
      order by s.publish_id desc
      limit ${SITE_SEARCH.topCandidates}
    )
    select c.post_id as id from candidates c
    order by ts_rank('{0.1, 0.2, 0.4, 1.0}'::real[], c.document, ${query}) desc, c.publish_id desc
    offset ${offset}
    limit ${SIZE + 1}`.execute(db);
  const shown = rows.slice(0, SIZE);
  const end = offset + SIZE;
  return { ids: shown.map((r) => r.id), next: rows.length > SIZE && end < SITE_SEARCH.topCandidates ? String(end) : null };
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
