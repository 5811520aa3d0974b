import { sql, type Kysely } from 'kysely';

/** Indexes of the notes area (notes/queries.ts). */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A post's notes and note count: its published, public reblogs in the order they went out. Keyed
  // by publish_id, so a page of notes is an index walk that stops after the page.
  await sql`
    create index posts_reblogs_published_idx on posts (reblog_of_id, publish_id desc)
    where reblog_of_id is not null and state = 'published' and not is_private`.execute(db);
  // Has the viewer reblogged this post (the reblogged flag of every post list): from the viewer's
  // few blogs straight to the post, however many reblogs the post has.
  await sql`create index posts_blog_reblogs_idx on posts (blog_id, reblog_of_id) where reblog_of_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index posts_blog_reblogs_idx`.execute(db);
  await sql`drop index posts_reblogs_published_idx`.execute(db);
}
