import { sql, type RawBuilder } from 'kysely';
import { MAX_ID } from '../../shared/ids';
import { SITE_SEARCH, type SearchPostType, type SearchSort } from '../../shared/search/site';
import type { Db } from '../db/schema';
import { invalidField } from '../http/errors';
import { cursorOf, NOT_OUR_CURSOR, readCursor } from '../http/paging';
import { discoverableBlog, flaggedPost, hiddenBlogIds, publicBlog, safeForWork, undiscoverableBlogIds } from '../visibility';

export interface PostSearch {
  /** The words as typed (never parsed here: websearch_to_tsquery reads any text safely). */
  words: string;
  /** A term that started with #: the tag, as lists match it; words are then unused. */
  tag: string | null;
  sort: SearchSort;
  postType: SearchPostType;
  safeMode: boolean;
  viewerUserId: string | null;
  /** recent (and a #tag): the publish_id to continue below; top: a TopCursor's text. */
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

/** How many documents the first step may test, one by one, in the order of the sort. */
const WINDOW = 5000;

/** Where a page of top sort continues: below this many notes, or as many and older. */
export interface TopCursor {
  notes: number;
  publishId: string;
}

/** A top cursor as the API sends it (docs/api.md): `{notes}_{publish_id}`, http/paging.ts's form. */
export const topCursorText = (cursor: TopCursor) => cursorOf(cursor.notes, cursor.publishId);

/** The TopCursor of a `before` text, or the 400 of one this server never gave out. */
export function readTopCursor(text: string): TopCursor {
  const parts = readCursor(text, 2);
  if (!parts || Number(parts[0]) > MAX_NOTES) throw invalidField('before', NOT_OUR_CURSOR);
  return { notes: Number(parts[0]), publishId: parts[1]! };
}

/** post_notes.notes is an integer column. */
const MAX_NOTES = 2147483647;
const TOP_START: TopCursor = { notes: MAX_NOTES, publishId: MAX_ID };

interface Match {
  id: string;
  publish_id: string;
  /** Top sort only. */
  notes?: number;
}

/**
 * The two orders of site search, each a walk down one btree (orderedMatches reads them alike):
 * recent on post_search_recent_idx (publish_id), top on post_notes_top_idx (notes, then
 * publish_id: the most-noted posts first, scanned backward). `walk` is the documents from the
 * cursor on, at most `limit`, as rows `s` with the rules' columns; `order` sorts matches.
 */
interface SortOrder {
  walk: (limit: number) => RawBuilder<unknown>;
  order: RawBuilder<unknown>;
  /** The position of the last document of the window, to search past it. */
  edge: () => RawBuilder<Record<string, unknown>>;
  /** The matches past `edge` through the GIN, in order, passing `rules`, at most `limit`. */
  rest: (edge: Record<string, unknown>, query: RawBuilder<unknown>, rules: RawBuilder<unknown>, limit: number) => RawBuilder<Match>;
}

function recentOrder(before: string): SortOrder {
  return {
    walk: (limit) => sql`
      select post_id, publish_id, blog_id, type, owner_flagged_nsfw, is_sensitive, document from post_search
      where not is_private and publish_id < ${before}
      order by publish_id desc
      limit ${limit}`,
    order: sql`s.publish_id desc`,
    edge: () => sql`
      select publish_id from post_search where not is_private and publish_id < ${before}
      order by publish_id desc offset ${WINDOW - 1} limit 1`,
    // Left to the planner: words this rare take the GIN, and a word common only in older posts
    // may walk post_search_recent_idx on from the edge and stop at the page.
    rest: (edge, query, rules, limit) => sql<Match>`
      select s.post_id as id, s.publish_id, null as notes from post_search s
      where s.document @@ ${query} and not s.is_private and s.publish_id < ${String(edge.publish_id)} and ${rules}
      order by s.publish_id desc
      limit ${limit}`,
  };
}

function topOrder(from: TopCursor): SortOrder {
  const below = (n: string, at: TopCursor) => sql`(${sql.ref(`${n}.notes`)}, ${sql.ref(`${n}.publish_id`)}) < (${at.notes}, ${at.publishId})`;
  return {
    walk: (limit) => sql`
      select s.post_id, n.publish_id, n.notes, s.blog_id, s.type, s.owner_flagged_nsfw, s.is_sensitive, s.document
      from (
        select post_id, notes, publish_id from post_notes n
        where ${below('n', from)}
        order by notes desc, publish_id desc
        limit ${limit}
      ) n
      -- A probe per document (a LATERAL with a limit is never turned into a join): a hash join
      -- on the words' GIN would read every match of a pair the planner takes for rare.
      cross join lateral (select * from post_search s where s.post_id = n.post_id and not s.is_private limit 1) s`,
    order: sql`s.notes desc, s.publish_id desc`,
    edge: () => sql`
      select notes, publish_id from post_notes n where ${below('n', from)}
      order by notes desc, publish_id desc offset ${WINDOW - 1} limit 1`,
    // Materialized, so the planner cannot turn it back into an unbounded walk of
    // post_notes_top_idx probing each document: words this rare match few rows, then sorted.
    rest: (edge, query, rules, limit) => sql<Match>`
      with matched as materialized (
        select post_id, blog_id, type, owner_flagged_nsfw, is_sensitive from post_search
        where document @@ ${query} and not is_private
      )
      select s.post_id as id, n.publish_id, n.notes
      from matched s
      -- Each match's count by its key, whatever the statistics say of the range below the edge.
      cross join lateral (select notes, publish_id from post_notes n where n.post_id = s.post_id limit 1) n
      where ${below('n', { notes: Number(edge.notes), publishId: String(edge.publish_id) })} and ${rules}
      order by n.notes desc, n.publish_id desc
      limit ${limit}`,
  };
}

/**
 * The first `limit` visible documents matching the words in the sort's order, in bounded steps,
 * because the planner cannot tell a common pair of words from a rare one (it multiplies the
 * words' frequencies, so "long drive", in 4% of posts, looks rare). First a walk down the sort's
 * index testing each document, which stops as soon as the page is found and never goes past
 * WINDOW documents: enough for any words in more than 1 post in 500. The blog rules are hashed
 * sets (blogs_suspended_idx, blogs_spam_idx, the blocks), not a join, so nothing forces the walk
 * to finish. Only when the window ran out, the matches past it through the GIN
 * (post_search_blog_document_idx): words that rare match few rows (SortOrder.rest).
 */
async function orderedMatches(db: Db, search: PostSearch, limit: number, order: SortOrder): Promise<Match[]> {
  const query = tsquery(search.words);
  const hidden = search.viewerUserId === null ? sql`select null::bigint where false` : hiddenBlogIds(db, search.viewerUserId);
  const rules = sql`
    s.blog_id not in (${undiscoverableBlogIds()})
    and s.blog_id not in (${hidden})
    and ${search.safeMode ? sql`not ${flaggedPost('s')} and s.blog_id not in (select id from blogs where is_adult or is_nsfw)` : sql`true`}
    and ${search.postType === 'any' ? sql`true` : sql`s.type = ${search.postType}`}`;

  const { rows } = await sql<Match>`
    select s.post_id as id, s.publish_id, ${search.sort === 'top' ? sql`s.notes` : sql`null`} as notes
    from (${order.walk(WINDOW)}) s
    where s.document @@ ${query} and ${rules}
    order by ${order.order}
    limit ${limit}`.execute(db);
  if (rows.length >= limit) return rows;

  const { rows: edge } = await sql<Record<string, unknown>>`${order.edge()}`.execute(db);
  if (edge.length === 0) return rows;
  const { rows: more } = await order.rest(edge[0]!, query, rules, limit - rows.length).execute(db);
  return [...rows, ...more];
}

/**
 * One page of site search over public posts (orderedMatches finds them). Recent: newest first,
 * keyset on publish_id. Top (spec 2: POPULARITY_DESC): every match by its notes, most first, then
 * newest, keyset on both (post_notes). A #tag walks post_tags_pkey instead, newest first.
 */
export async function searchPostIds(db: Db, search: PostSearch): Promise<SearchIds> {
  if (search.tag !== null) {
    const hidden = search.viewerUserId === null ? sql`select null::bigint as blog_id where false` : hiddenBlogIds(db, search.viewerUserId);
    const safe = search.safeMode ? safeForWork('b', 's') : sql`true`;
    const type = search.postType === 'any' ? sql`true` : sql`s.type = ${search.postType}`;
    const { rows } = await sql<{ id: string; publish_id: string }>`
      with hidden as materialized (${hidden})
      select pt.post_id as id, pt.publish_id from post_tags pt
      join post_search s on s.post_id = pt.post_id
      join blogs b on b.id = pt.blog_id
      where pt.tag = ${search.tag} and pt.publish_id < ${search.before ?? NO_CURSOR}
        and ${discoverableBlog('b')} and b.id not in (select blog_id from hidden) and ${safe} and ${type}
      order by pt.publish_id desc
      limit ${SIZE + 1}`.execute(db);
    return keysetPage(rows);
  }
  if (search.sort === 'recent') return keysetPage(await orderedMatches(db, search, SIZE + 1, recentOrder(search.before ?? NO_CURSOR)));

  const from = search.before === null ? TOP_START : readTopCursor(search.before);
  const rows = await orderedMatches(db, search, SIZE + 1, topOrder(from));
  const shown = rows.slice(0, SIZE);
  const last = shown[shown.length - 1];
  return {
    ids: shown.map((r) => r.id),
    next: rows.length > SIZE && last ? topCursorText({ notes: Number(last.notes), publishId: last.publish_id }) : null,
  };
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
    with mine as (select id from blogs where user_id = ${userId} and deleted_at is null),
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
