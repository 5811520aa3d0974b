import { sql, type Kysely } from 'kysely';

/**
 * The social layer (spec 1 §2-§9): blocks, likes, replies, notifications, promotions, reports,
 * emailed shares, feature flags and the moderation switches on blogs. Every list has its index,
 * named after the query it serves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A blog blocks another blog. The rules apply to the users who own the two blogs (follows are
  // made by users): see blocks/queries.ts.
  await db.schema
    .createTable('blocks')
    .addColumn('blocker_blog_id', 'bigint', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    .addColumn('blocked_blog_id', 'bigint', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    .addColumn('context', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('blocks_pkey', ['blocker_blog_id', 'blocked_blog_id'])
    .addCheckConstraint('blocks_not_self', sql`blocker_blog_id <> blocked_blog_id`)
    .execute();
  // Who blocked a blog (the other direction of the check).
  await sql`create index blocks_blocked_idx on blocks (blocked_blog_id, blocker_blog_id)`.execute(db);

  // A user likes a post once; blog_id is the blog they liked it as (shown in the notes).
  await db.schema
    .createTable('likes')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('post_id', 'bigint', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('blog_id', 'bigint', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('likes_pkey', ['user_id', 'post_id'])
    .execute();
  // A post's likes, newest first (notes, note counts).
  await sql`create index likes_post_recent_idx on likes (post_id, created_at desc)`.execute(db);
  // A user's likes, newest first (the likes page, liked_post_count).
  await sql`create index likes_user_recent_idx on likes (user_id, created_at desc)`.execute(db);
  // Cascades from a deleted blog.
  await sql`create index likes_blog_idx on likes (blog_id)`.execute(db);

  await db.schema
    .createTable('replies')
    .addColumn('id', 'bigint', (c) => c.primaryKey().defaultTo(sql`next_id()`))
    .addColumn('post_id', 'bigint', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('blog_id', 'bigint', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull().check(sql`char_length(text) between 1 and 500`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // A post's replies, newest first (notes).
  await sql`create index replies_post_idx on replies (post_id, id desc)`.execute(db);
  await sql`create index replies_blog_idx on replies (blog_id)`.execute(db);

  // Activity of a blog (spec 1 §3 "Activity notification"). type is one of the spec's whitelist.
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'bigint', (c) => c.primaryKey().defaultTo(sql`next_id()`))
    .addColumn('blog_id', 'bigint', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    // Null for anonymous activity (shown as 'Anonymous').
    .addColumn('from_blog_id', 'bigint', (c) => c.references('blogs.id').onDelete('cascade'))
    .addColumn('post_id', 'bigint', (c) => c.references('posts.id').onDelete('cascade'))
    .addColumn('new_post_id', 'bigint', (c) => c.references('posts.id').onDelete('cascade'))
    // answer_text, reply_text (spec 1 §3 note_meta).
    .addColumn('note_meta', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // A blog's activity, newest first: the popover, the activity page, unread counts, the sparkline.
  await sql`create index notifications_blog_recent_idx on notifications (blog_id, id desc)`.execute(db);
  await sql`create index notifications_from_blog_idx on notifications (from_blog_id) where from_blog_id is not null`.execute(db);
  await sql`create index notifications_post_idx on notifications (post_id) where post_id is not null`.execute(db);
  await sql`create index notifications_new_post_idx on notifications (new_post_id) where new_post_id is not null`.execute(db);

  await db.schema
    .alterTable('blogs')
    // The newest notification the owner has seen: everything above it is unread.
    .addColumn('activity_seen_id', 'bigint', (c) => c.notNull().defaultTo(0))
    // Moderation switches (spec 1 §6), set by admins only.
    .addColumn('is_spam', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_nsfw', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_uniblock', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_suspended', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('is_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  // A promoted post is shown first in the ad slots; promote and unpromote set and clear it.
  await db.schema.alterTable('posts').addColumn('promoted_at', 'timestamptz').execute();
  await sql`create index posts_promoted_idx on posts (promoted_at desc) where promoted_at is not null`.execute(db);

  // Reports of posts, for the moderators.
  await db.schema
    .createTable('reports')
    .addColumn('id', 'bigint', (c) => c.primaryKey().defaultTo(sql`next_id()`))
    .addColumn('post_id', 'bigint', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('reporter_user_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('resolved_at', 'timestamptz')
    .execute();
  // Open reports, newest first (the admin list).
  await sql`create index reports_open_idx on reports (id desc) where resolved_at is null`.execute(db);
  await sql`create index reports_post_idx on reports (post_id)`.execute(db);
  await sql`create index reports_reporter_idx on reports (reporter_user_id) where reporter_user_id is not null`.execute(db);

  // Emails sent through the share form: the per-sender hourly limit counts these.
  await db.schema
    .createTable('share_emails')
    .addColumn('id', 'bigint', (c) => c.primaryKey().defaultTo(sql`next_id()`))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('post_id', 'bigint', (c) => c.references('posts.id').onDelete('set null'))
    .addColumn('blog_id', 'bigint', (c) => c.references('blogs.id').onDelete('set null'))
    .addColumn('email_address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index share_emails_user_recent_idx on share_emails (user_id, created_at desc)`.execute(db);

  // Feature flags (spec 1 §6): a default per flag, and overrides per user.
  await db.schema
    .createTable('feature_flags')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('feature_flag_overrides')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().references('feature_flags.name').onDelete('cascade'))
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addPrimaryKeyConstraint('feature_flag_overrides_pkey', ['user_id', 'name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['feature_flag_overrides', 'feature_flags', 'share_emails', 'reports', 'notifications', 'replies', 'likes', 'blocks']) {
    await db.schema.dropTable(table).execute();
  }
  await sql`drop index posts_promoted_idx`.execute(db);
  await db.schema.alterTable('posts').dropColumn('promoted_at').execute();
  await db.schema.alterTable('users').dropColumn('is_admin').execute();
  for (const column of ['activity_seen_id', 'is_spam', 'is_nsfw', 'is_uniblock', 'is_suspended']) {
    await db.schema.alterTable('blogs').dropColumn(column).execute();
  }
}
