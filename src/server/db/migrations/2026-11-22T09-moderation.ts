import { sql, type Kysely } from 'kysely';

/** Indexes for the block settings list, the subscribers' new-post notifications and the dashboard. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The dashboard leaves suspended blogs out of its sources: the few suspended blogs, read whole.
  await sql`create index blogs_suspended_idx on blogs (id) where is_suspended`.execute(db);
  // A blog's subscribers, when it publishes (one insert ... select per published post batch).
  await sql`create index subscriptions_blog_idx on subscriptions (blog_id, user_id)`.execute(db);
  // GET /svc/block/list: the blogs a blog blocked, newest block first, paged by (created_at, blocked_blog_id).
  await sql`create index blocks_blocker_recent_idx on blocks (blocker_blog_id, created_at desc, blocked_blog_id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index blocks_blocker_recent_idx`.execute(db);
  await sql`drop index subscriptions_blog_idx`.execute(db);
  await sql`drop index blogs_suspended_idx`.execute(db);
}
