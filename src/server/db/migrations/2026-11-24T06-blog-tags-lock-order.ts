import { sql, type Kysely } from 'kysely';
import { rewriteSync } from './2026-11-24T05-blog-viewer';

/**
 * Two posts of one blog saved at once, with tags in common, counted their tags in whatever order
 * each statement's grouping gave: each could hold one tag's row and wait for the other's, a
 * deadlock. Now every change of blog_tags first locks the rows it will touch in one order
 * (blog, tag), and new rows go in in that order too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function post_search_sync() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        perform 1 from blog_tags b
        where (b.blog_id, b.tag) in (select o.blog_id, x from old_rows o cross join lateral unnest(o.tags) x
                                     where o.publish_id is not null and not o.is_private)
        order by b.blog_id, b.tag
        for update of b;
        with gone as (
          select o.blog_id, t.tag, count(*)::integer as n
          from old_rows o cross join lateral (select distinct x as tag from unnest(o.tags) x) t
          where o.publish_id is not null and not o.is_private
          group by o.blog_id, t.tag
        )
        update blog_tags b set uses = b.uses - gone.n from gone where b.blog_id = gone.blog_id and b.tag = gone.tag;
        -- Only the rows this statement counted down (locked above), never another's.
        delete from blog_tags b
        where b.uses <= 0 and (b.blog_id, b.tag) in (select o.blog_id, x from old_rows o cross join lateral unnest(o.tags) x);
      end if;
      if tg_op = 'UPDATE' then
        delete from post_search s using old_rows o where s.post_id = o.id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into post_search (post_id, blog_id, publish_id, type, is_private, is_reblog, owner_flagged_nsfw, document, tags)
        select n.id, n.blog_id, n.publish_id, n.type, n.is_private, n.reblog_of_id is not null or jsonb_array_length(n.trail) > 0,
          n.owner_flagged_nsfw, post_search_document(n.tags, n.content, n.comment_html),
          array(select distinct lower(x) from unnest(n.tags) x)
        from new_rows n where n.publish_id is not null;
        perform 1 from blog_tags b
        where (b.blog_id, b.tag) in (select n.blog_id, x from new_rows n cross join lateral unnest(n.tags) x
                                     where n.publish_id is not null and not n.is_private)
        order by b.blog_id, b.tag
        for update of b;
        insert into blog_tags (blog_id, tag, uses)
        select n.blog_id, t.tag, count(*)::integer
        from new_rows n cross join lateral (select distinct x as tag from unnest(n.tags) x) t
        where n.publish_id is not null and not n.is_private
        group by n.blog_id, t.tag
        order by n.blog_id, t.tag
        on conflict (blog_id, tag) do update set uses = blog_tags.uses + excluded.uses;
      end if;
      return null;
    end
    $$`.execute(db);
}

/** Back to the function of the blog-viewer migration (its up() writes it the same way). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await rewriteSync(db);
}
