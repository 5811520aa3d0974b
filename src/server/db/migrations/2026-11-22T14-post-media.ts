import { sql, type Kysely } from 'kysely';

/**
 * Which uploaded files each post shows (by the sha256 every rendition's name carries), so that
 * GET /media/* serves a file to everyone only while a public post shows it, and otherwise only to
 * whoever uploaded it or owns a post that shows it (media/access.ts). Filled from the posts there
 * are: every media address in their content, reblog comment and trail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('post_media')
    .addColumn('post_id', 'bigint', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_media_pkey', ['post_id', 'sha256'])
    .execute();
  // GET /media/*: the posts that show a file.
  await sql`create index post_media_sha256_idx on post_media (sha256, post_id)`.execute(db);
  await sql`
    insert into post_media (post_id, sha256)
    select distinct p.id, m[1]
    from posts p, regexp_matches(p.content::text || p.comment_html || p.trail::text, '/media/[0-9a-f]{2}/[0-9a-f]{2}/([0-9a-f]{64})-', 'g') m`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('post_media').execute();
}
