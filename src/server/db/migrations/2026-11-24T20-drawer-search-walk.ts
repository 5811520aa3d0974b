import { sql, type Kysely } from 'kysely';

/**
 * In-blog search newest first without reading every match (search/blog-search-queries.ts): a
 * common word is found by walking the blog's posts newest first and stopping after a page of
 * matches, and the posts carrying the term as a tag (ranked first) are found by their tags. The
 * GIN index on the document stays for rare words and the popularity sort.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index post_search_blog_recent_idx on post_search (blog_id, publish_id desc)`.execute(db);
  // btree_gin (post-search migration) for blog_id beside the tags.
  await sql`create index post_search_blog_tags_idx on post_search using gin (blog_id, tags)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index post_search_blog_tags_idx`.execute(db);
  await sql`drop index post_search_blog_recent_idx`.execute(db);
}
