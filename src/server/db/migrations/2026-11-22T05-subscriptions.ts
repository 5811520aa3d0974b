import { sql, type Kysely } from 'kysely';

/**
 * Subscriptions (spec 1 §4): a follower asks to hear of a blog's new posts. A subscription needs
 * its follow, so it references the follow and goes with it: unfollowing clears it in the same
 * statement, and a subscribe racing an unfollow cannot leave one behind.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subscriptions')
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('blog_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // A user's subscriptions (and whether a user is subscribed to one blog); a blog's
    // subscribers, when notifications arrive, need an index (blog_id, user_id) of their own.
    .addPrimaryKeyConstraint('subscriptions_pkey', ['user_id', 'blog_id'])
    .addForeignKeyConstraint('subscriptions_follow_fk', ['user_id', 'blog_id'], 'follows', ['user_id', 'blog_id'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();
  // GET /svc/following: a user's follows, newest first, paged by (created_at, blog_id).
  await sql`create index follows_user_recent_idx on follows (user_id, created_at desc, blog_id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index follows_user_recent_idx`.execute(db);
  await db.schema.dropTable('subscriptions').execute();
}
