import { sql, type Kysely } from 'kysely';

/**
 * The dashboard's probe per followed tag (posts/queries.ts, by_tag) leaves out spam, suspended
 * and blocked blogs by post_tags.blog_id: with blog_id in the key's index the probe is an
 * index-only scan like the probe per followed blog (posts_blog_feed_covering_idx), not a heap
 * read per row, so 20 followed tags cost about what 20 more followed blogs do. The key itself is
 * unchanged (tag, publish_id, post_id); /tagged/{tag} and site search's #tag read it as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table post_tags drop constraint post_tags_pkey,
    add constraint post_tags_pkey primary key (tag, publish_id, post_id) include (blog_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table post_tags drop constraint post_tags_pkey,
    add constraint post_tags_pkey primary key (tag, publish_id, post_id)`.execute(db);
}
