import { sql, type Kysely } from 'kysely';

/**
 * Asks and submissions (issue 14). A blog says whether it takes questions (anonymous ones too)
 * and submitted posts of some types. An ask or a submission is a post on the recipient blog in
 * the state 'unapproved', waiting in its inbox: `from_blog_id` is who sent it (null for an
 * anonymous ask), `asker_hash` a salted hash of an anonymous asker's address, kept only so the
 * owner can block that address; the owner never reads either of them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('blogs')
    .addColumn('asks', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('anonymous_asks', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('ask_page_title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('submissions', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('submission_types', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('submission_guidelines', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('posts')
    .addColumn('from_blog_id', 'bigint', (c) => c.references('blogs.id').onDelete('set null'))
    .addColumn('asker_hash', 'text')
    .execute();
  // The blog's inbox (asks and submissions newest first) and its count badge.
  await sql`create index posts_inbox_idx on posts (blog_id, id desc) where state = 'unapproved'`.execute(db);
  // Addresses a blog refused further anonymous asks from (the block-sender confirm).
  await db.schema
    .createTable('ask_blocks')
    .addColumn('blog_id', 'bigint', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    .addColumn('asker_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('ask_blocks_pkey', ['blog_id', 'asker_hash'])
    .execute();
  // Server-side secrets made once per database (the salt of asker hashes), shared by every process.
  await db.schema
    .createTable('site_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('site_secrets').execute();
  await db.schema.dropTable('ask_blocks').execute();
  await sql`drop index posts_inbox_idx`.execute(db);
  await db.schema.alterTable('posts').dropColumn('asker_hash').dropColumn('from_blog_id').execute();
  for (const column of ['submission_guidelines', 'submission_types', 'submissions', 'ask_page_title', 'anonymous_asks', 'asks']) {
    await db.schema.alterTable('blogs').dropColumn(column).execute();
  }
}
