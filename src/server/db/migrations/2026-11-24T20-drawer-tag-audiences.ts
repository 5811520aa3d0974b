import { sql, type Kysely } from 'kysely';
import { writeSyncFunction } from './post-search-sync';

/**
 * The tag typeahead by who reads (spec 2 §4): the owner is offered the tags of their private posts
 * too, and a reader in safe mode is not offered tags only posts flagged NSFW carry. blog_tags
 * counts each audience: `uses` public posts (as before), `flagged_uses` the public ones flagged
 * NSFW, `private_uses` private posts. Each audience's "most used first" has its own index, so a
 * short typed text still walks the blog's tags in order and stops at 20.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table blog_tags add column flagged_uses integer not null default 0, add column private_uses integer not null default 0`.execute(db);
  // Counted again from the posts, every audience at once (the rows of private-only tags are new).
  await sql`delete from blog_tags`.execute(db);
  await sql`
    insert into blog_tags (blog_id, tag, uses, flagged_uses, private_uses)
    select p.blog_id, t.tag,
      count(*) filter (where not p.is_private)::integer,
      count(*) filter (where not p.is_private and p.owner_flagged_nsfw)::integer,
      count(*) filter (where p.is_private)::integer
    from posts p cross join lateral (select distinct x as tag from unnest(p.tags) x) t
    where p.publish_id is not null
    group by p.blog_id, t.tag
    order by p.blog_id, t.tag`.execute(db);
  await writeSyncFunction(db, { tags: true, lockOrder: true, audiences: true });
  // Safe mode's order and the owner's order (blog_tags_most_used_idx stays: everyone else's).
  await sql`create index blog_tags_safe_used_idx on blog_tags (blog_id, (uses - flagged_uses) desc, tag)`.execute(db);
  await sql`create index blog_tags_owner_used_idx on blog_tags (blog_id, (uses + private_uses) desc, tag)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index blog_tags_owner_used_idx`.execute(db);
  await sql`drop index blog_tags_safe_used_idx`.execute(db);
  await writeSyncFunction(db, { tags: true, lockOrder: true, audiences: false });
  await sql`delete from blog_tags where uses <= 0`.execute(db);
  await sql`alter table blog_tags drop column flagged_uses, drop column private_uses`.execute(db);
}
