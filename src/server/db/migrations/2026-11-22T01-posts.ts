import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Time-sortable 64-bit ids: milliseconds since 1970 in the high bits, a sequence in the low 16,
  // made by the database so every server process draws from one source.
  await sql`create sequence id_seq`.execute(db);
  await sql`
    create function next_id() returns bigint language sql volatile as $$
      select ((floor(extract(epoch from clock_timestamp()) * 1000)::bigint) << 16) | (nextval('id_seq') % 65536)
    $$`.execute(db);

  await db.schema
    .createTable('posts')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('blog_id', 'bigint', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) =>
      c.notNull().check(sql`type in ('text', 'photo', 'quote', 'link', 'chat', 'audio', 'video', 'note')`),
    )
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in ('published', 'draft', 'queued', 'unapproved', 'transcoding')`),
    )
    .addColumn('is_private', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('publish_on', 'timestamptz')
    // Set when the post goes out: the order of every feed, so a queued post lands at its publish time.
    .addColumn('publish_id', 'bigint')
    .addColumn('date', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('slug', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('source_url', 'text')
    .addColumn('editor_type', 'text', (c) => c.notNull().defaultTo('rich'))
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('source', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('comment_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reblog_of_id', 'bigint', (c) => c.references('posts.id').onDelete('set null'))
    .addColumn('root_id', 'bigint', (c) => c.notNull())
    .addColumn('reblog_key', 'text', (c) => c.notNull())
    .addColumn('trail', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('allow_answers', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('members_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('owner_flagged_nsfw', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('can_be_liked', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('can_be_reblogged', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('options', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // A blog's published posts, newest first: the dashboard's per-blog probe and blog pages.
  await sql`create index posts_blog_feed_idx on posts (blog_id, publish_id desc) where publish_id is not null`.execute(db);
  // A blog's drafts and its queue, in the order they were written.
  await sql`create index posts_blog_drafts_idx on posts (blog_id, id) where state = 'draft'`.execute(db);
  await sql`create index posts_blog_queue_idx on posts (blog_id, id) where state = 'queued'`.execute(db);
  // Scheduled posts that come due (the publisher).
  await sql`create index posts_scheduled_idx on posts (publish_on) where state = 'queued' and publish_on is not null`.execute(db);
  // Reblogs of a post (notes count).
  await sql`create index posts_reblog_of_idx on posts (reblog_of_id) where reblog_of_id is not null`.execute(db);

  await db.schema
    .alterTable('blogs')
    .addColumn('queue_per_day', 'integer', (c) => c.notNull().defaultTo(2).check(sql`queue_per_day between 1 and 50`))
    .addColumn('queue_start_hour', 'integer', (c) => c.notNull().defaultTo(0).check(sql`queue_start_hour between 0 and 23`))
    .addColumn('queue_end_hour', 'integer', (c) => c.notNull().defaultTo(24).check(sql`queue_end_hour between 1 and 24`))
    // When the queue publishes next; null while the queue is empty.
    .addColumn('queue_next_at', 'timestamptz')
    .execute();
  await sql`alter table blogs add constraint blogs_queue_window check (queue_start_hour < queue_end_hour)`.execute(db);
  // Blogs whose queue is due (the publisher).
  await sql`create index blogs_queue_next_at_idx on blogs (queue_next_at) where queue_next_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('posts').execute();
  await sql`alter table blogs drop constraint blogs_queue_window`.execute(db);
  for (const column of ['queue_per_day', 'queue_start_hour', 'queue_end_hour', 'queue_next_at']) {
    await db.schema.alterTable('blogs').dropColumn(column).execute();
  }
  await sql`drop function next_id()`.execute(db);
  await sql`drop sequence id_seq`.execute(db);
}
