import { sql, type Kysely } from 'kysely';
import { writeSyncFunction } from './post-search-sync';

/**
 * Safe mode hides a post an admin marked sensitive as it hides one its owner flagged NSFW
 * (visibility.ts flaggedPost), in the drawer's search and site search too, which read post_search:
 * so post_search keeps the admin's mark beside the owner's, and blog_tags' flagged_uses (the tags
 * a reader in safe mode is offered) counts both. The lists test it on the rows they already read
 * (the walks of post_search_recent_idx and post_search_blog_recent_idx read each row's document),
 * so no index changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table post_search add column is_sensitive boolean not null default false`.execute(db);
  await sql`update post_search s set is_sensitive = true from posts p where p.id = s.post_id and p.is_sensitive`.execute(db);
  await recountFlagged(db, sql`(p.owner_flagged_nsfw or p.is_sensitive)`);
  await writeSyncFunction(db, { tags: true, lockOrder: true, audiences: true, sensitive: true });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await writeSyncFunction(db, { tags: true, lockOrder: true, audiences: true });
  await recountFlagged(db, sql`p.owner_flagged_nsfw`);
  await sql`alter table post_search drop column is_sensitive`.execute(db);
}

/** flagged_uses counted again from the posts, with `flagged` as the rule. */
async function recountFlagged(db: Kysely<unknown>, flagged: ReturnType<typeof sql>) {
  await sql`
    update blog_tags b set flagged_uses = coalesce(c.flagged, 0)
    from blog_tags k
    left join (
      select p.blog_id, t.tag, count(*) filter (where not p.is_private and ${flagged})::integer as flagged
      from posts p cross join lateral (select distinct x as tag from unnest(p.tags) x) t
      where p.publish_id is not null
      group by p.blog_id, t.tag
    ) c on c.blog_id = k.blog_id and c.tag = k.tag
    where b.blog_id = k.blog_id and b.tag = k.tag`.execute(db);
}
