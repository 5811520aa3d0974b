import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * post_search_sync(), the posts trigger that keeps post_search and blog_tags in step (one
 * statement at a time, through transition tables), in ONE definition for every migration that
 * writes it. Each migration names the features its version has, so an older migration (and a
 * later migration's down) writes exactly the function it always wrote:
 * - tags (2026-11-24T05-blog-viewer): post_search.tags, lowercased and without repeats;
 * - lockOrder (2026-11-24T06-blog-tags-lock-order): the blog_tags rows a statement touches are
 *   locked first in (blog, tag) order, and new rows go in in that order, so two posts of one blog
 *   saved at once cannot deadlock on shared tags;
 * - audiences (2026-11-24T20-drawer-tag-audiences): blog_tags also counts private posts
 *   (private_uses, the owner's typeahead) and public posts flagged NSFW (flagged_uses, left out
 *   in safe mode); without it only public posts are counted, in `uses`;
 * - sensitive (2026-11-26T23-search-sensitive): post_search.is_sensitive (an admin's mark), and
 *   flagged_uses counts those posts too: safe mode hides both marks alike (visibility.ts flaggedPost).
 */
export interface SyncFeatures {
  tags: boolean;
  lockOrder: boolean;
  audiences: boolean;
  sensitive?: boolean;
}

export const LATEST_SYNC: SyncFeatures = { tags: true, lockOrder: true, audiences: true, sensitive: true };

/** The posts of `alias` safe mode leaves out by their own marks (visibility.ts flaggedPost, in the trigger's text). */
export const flaggedSql = (f: SyncFeatures, alias: string) =>
  f.sensitive ? `(${alias}.owner_flagged_nsfw or ${alias}.is_sensitive)` : `${alias}.owner_flagged_nsfw`;

const when = (on: boolean, text: string) => (on ? text : '');

/** The posts of `rows` whose tags blog_tags counts: published ones (public ones only, before audiences). */
const counted = (f: SyncFeatures, alias: string) => `${alias}.publish_id is not null${when(!f.audiences, ` and not ${alias}.is_private`)}`;

/** The counts of one (blog, tag) group of `alias` rows, in blog_tags' column order; `names` for the CTE. */
const counts = (f: SyncFeatures, alias: string, names: boolean) => {
  const as = (name: string) => (names ? ` as ${name}` : '');
  return f.audiences
    ? `count(*) filter (where not ${alias}.is_private)::integer${as('n')}, ` +
        `count(*) filter (where not ${alias}.is_private and ${flaggedSql(f, alias)})::integer${as('flagged')}, ` +
        `count(*) filter (where ${alias}.is_private)::integer${as('priv')}`
    : `count(*)::integer${as('n')}`;
};

/** Locks the blog_tags rows the tags of `rows` touch, in (blog, tag) order. */
const lockRows = (f: SyncFeatures, rows: string, alias: string) =>
  when(
    f.lockOrder,
    `perform 1 from blog_tags b
        where (b.blog_id, b.tag) in (select ${alias}.blog_id, x from ${rows} ${alias} cross join lateral unnest(${alias}.tags) x
                                     where ${counted(f, alias)})
        order by b.blog_id, b.tag
        for update of b;`,
  );

export function syncFunctionSql(f: SyncFeatures): RawBuilder<unknown> {
  const columns = f.audiences ? 'uses, flagged_uses, private_uses' : 'uses';
  const subtract = f.audiences
    ? 'uses = b.uses - gone.n, flagged_uses = b.flagged_uses - gone.flagged, private_uses = b.private_uses - gone.priv'
    : 'uses = b.uses - gone.n';
  const add = f.audiences
    ? 'uses = blog_tags.uses + excluded.uses, flagged_uses = blog_tags.flagged_uses + excluded.flagged_uses, private_uses = blog_tags.private_uses + excluded.private_uses'
    : 'uses = blog_tags.uses + excluded.uses';
  const unused = f.audiences ? 'b.uses <= 0 and b.private_uses <= 0' : 'b.uses <= 0';
  const deleteUnused = f.lockOrder
    ? `-- Only the rows this statement counted down (locked above), never another's.
        delete from blog_tags b
        where ${unused} and (b.blog_id, b.tag) in (select o.blog_id, x from old_rows o cross join lateral unnest(o.tags) x);`
    : `delete from blog_tags b where ${unused} and b.blog_id in (select distinct blog_id from old_rows);`;
  return sql.raw(`
    create or replace function post_search_sync() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        ${lockRows(f, 'old_rows', 'o')}
        with gone as (
          select o.blog_id, t.tag, ${counts(f, 'o', true)}
          from old_rows o cross join lateral (select distinct x as tag from unnest(o.tags) x) t
          where ${counted(f, 'o')}
          group by o.blog_id, t.tag
        )
        update blog_tags b set ${subtract} from gone where b.blog_id = gone.blog_id and b.tag = gone.tag;
        ${deleteUnused}
      end if;
      if tg_op = 'UPDATE' then
        delete from post_search s using old_rows o where s.post_id = o.id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into post_search (post_id, blog_id, publish_id, type, is_private, is_reblog, owner_flagged_nsfw${when(Boolean(f.sensitive), ', is_sensitive')}, document${when(f.tags, ', tags')})
        select n.id, n.blog_id, n.publish_id, n.type, n.is_private, n.reblog_of_id is not null or jsonb_array_length(n.trail) > 0,
          n.owner_flagged_nsfw${when(Boolean(f.sensitive), ', n.is_sensitive')}, post_search_document(n.tags, n.content, n.comment_html)${when(f.tags, ',\n          array(select distinct lower(x) from unnest(n.tags) x)')}
        from new_rows n where n.publish_id is not null;
        ${lockRows(f, 'new_rows', 'n')}
        insert into blog_tags (blog_id, tag, ${columns})
        select n.blog_id, t.tag, ${counts(f, 'n', false)}
        from new_rows n cross join lateral (select distinct x as tag from unnest(n.tags) x) t
        where ${counted(f, 'n')}
        group by n.blog_id, t.tag
        ${when(f.lockOrder, 'order by n.blog_id, t.tag')}
        on conflict (blog_id, tag) do update set ${add};
      end if;
      return null;
    end
    $$`);
}

/** Writes post_search_sync() with `features` (create or replace: the triggers keep pointing at it). */
export const writeSyncFunction = (db: Kysely<unknown>, features: SyncFeatures) => syncFunctionSql(features).execute(db);
