import { sql } from 'kysely';
import type { PhotoView } from '../../shared/posts/types';
import type { Db } from '../db/schema';
import { siteMediaPrefixes } from '../media/urls';
import { discoverableBlog, hiddenBlogIds, publicPost, safeForWork } from '../visibility';

/** A GIF post found by a search, with what its result is made of. */
export interface GifRow {
  id: string;
  slug: string;
  tags: string[];
  photos: (PhotoView & { mime?: string })[];
  blog_name: string;
  blog_uuid: string;
}

export interface GifSearch {
  /** tsquery texts from search-words.ts (words only, never raw input). */
  prefix: string;
  exact: string;
  limit: number;
  /** Safe mode hides adult and NSFW blogs and posts their owners flagged NSFW. */
  safeMode: boolean;
  /** The searcher: blogs with a block between them and this user are left out. */
  userId: string;
  /** The site's address: only GIFs it serves itself are found (media/urls.ts siteMediaPrefixes). */
  publicUrl: string;
}

// ts_rank weights for {D, C, B, A}: tags (A) outrank captions (B) by far. A single tag match
// ranks about 0.6, while captions top out near 0.2 however often the word is repeated there.
const WEIGHTS = sql`'{0.05, 0.1, 0.2, 1.0}'::real[]`;
// A post found only by its blog's name comes after every post found by its own words.
const BLOG_NAME_RANK = 0.01;

// The index expression of posts_gif_search_idx, written the same way so the planner uses it.
const DOCUMENT = sql`gif_search_document(p.type, p.tags, p.content)`;

/**
 * What may be found: published, public originals (a reblog would repeat its root's GIF) that
 * are not for members only; with safe mode, nothing adult. The first three conditions are the
 * predicate of posts_gif_search_idx. Never from spam or suspended blogs, nor from blogs with a
 * block between them and the searcher (`hidden`: a CTE of the query, read once).
 */
const visible = (search: GifSearch, { safe = true } = {}) => sql`
  p.type = 'photo' and ${publicPost('p')} and p.id = p.root_id and not p.members_only
  and ${discoverableBlog('b')} and b.id not in (select blog_id from hidden)
  and ${safe && search.safeMode ? safeForWork('b', 'p') : sql`true`}
  and ${servedGif(search.publicUrl)}`;

/**
 * A GIF the site serves itself (issue 22): one linked from another site cannot be sent in a
 * message (messaging/gifs.ts), and shown in the results it would call that site for every
 * searcher. Narrowed here by address, so a page fills; gif-views.ts applies the rule itself.
 */
const servedGif = (publicUrl: string) => {
  const [local, absolute] = siteMediaPrefixes(publicUrl);
  return sql`jsonb_path_exists(p.content,
    '$.photos[*] ? ((@.mime == "image/gif" || @.url like_regex "[.]gif([?#].*)?$" flag "i") && (@.url starts with $local || @.url starts with $absolute))',
    jsonb_build_object('local', ${local}::text, 'absolute', ${absolute}::text))`;
};

/** One page of GIF posts, and whether safe mode left out posts that hold the words. */
export interface GifPage {
  rows: GifRow[];
  hiddenBySafeMode: boolean;
}

/**
 * One page of GIF posts, best first: posts whose tags and captions hold every search word
 * (through posts_gif_search_idx), then posts of blogs whose name holds them (through
 * blogs_name_search_idx and the blog's feed index), newest first among equals. One query: the
 * word matches are read once with safe mode's verdict beside each, so the same query says
 * whether safe mode hid any (the search's server message), and always answers one row for that.
 */
export async function gifSearchPage(db: Db, search: GifSearch): Promise<GifPage> {
  const prefix = sql`to_tsquery('simple', ${search.prefix})`;
  const exact = sql`to_tsquery('simple', ${search.exact})`;
  const { rows } = await sql<GifRow & { id: string | null; hidden_by_safe_mode: boolean }>`
    with hidden as materialized (${hiddenBlogIds(db, search.userId)}),
    matches as (
      select p.id, ts_rank(${WEIGHTS}, ${DOCUMENT}, ${prefix}) + ts_rank(${WEIGHTS}, ${DOCUMENT}, ${exact}) as rank,
        ${search.safeMode ? safeForWork('b', 'p') : sql`true`} as safe
      from posts p
      join blogs b on b.id = p.blog_id
      where ${DOCUMENT} @@ ${prefix} and ${visible(search, { safe: false })}
    ),
    by_words as (select id, rank from matches where safe),
    by_blog as (
      select p.id, ${sql.lit(BLOG_NAME_RANK)}::real as rank
      from blogs b
      join posts p on p.blog_id = b.id
      where to_tsvector('simple', b.name) @@ ${prefix}
        and ${DOCUMENT} is not null and ${visible(search)}
      order by p.publish_id desc
      limit ${search.limit}
    ),
    ranked as (
      select id, max(rank) as rank
      from (select * from by_words union all select * from by_blog) found
      group by id
    ),
    page as (
      select p.id, p.slug, p.tags, p.content -> 'photos' as photos, b.name as blog_name, b.uuid as blog_uuid, r.rank, p.publish_id
      from ranked r
      join posts p on p.id = r.id
      join blogs b on b.id = p.blog_id
      order by r.rank desc, p.publish_id desc
      limit ${search.limit}
    )
    select page.id, page.slug, page.tags, page.photos, page.blog_name, page.blog_uuid,
      exists (select 1 from matches where not safe) as hidden_by_safe_mode
    from (select 1) one
    left join page on true
    order by page.rank desc, page.publish_id desc`.execute(db);
  return {
    rows: rows.filter((row): row is typeof row & { id: string } => row.id !== null),
    hiddenBySafeMode: rows[0]?.hidden_by_safe_mode ?? false,
  };
}
