import { sql, type Kysely } from 'kysely';

/**
 * Issue 28: posts of followed remote accounts on the dashboard, among local posts in date order.
 * The dashboard pages by publish_id, a time-sortable id (next_id()); a remote post gets one on
 * the same scale from its published time, feed_id, so one keyset walks both. feed_id is also the
 * post's id in a dashboard page (the refPostId a client pages from), hence unique.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // next_id() at a given time: the time in the high bits, the shared sequence in the low 16.
  await sql`
    create function id_at(at timestamptz) returns bigint language sql volatile as $$
      select ((floor(extract(epoch from at) * 1000)::bigint) << 16) | (nextval('id_seq') % 65536)
    $$`.execute(db);
  await sql`alter table remote_posts add column feed_id bigint`.execute(db);
  await sql`update remote_posts set feed_id = id_at(published_at)`.execute(db);
  await sql`alter table remote_posts alter column feed_id set not null`.execute(db);
  await sql`create unique index remote_posts_feed_id_idx on remote_posts (feed_id)`.execute(db);
  // A follower's dashboard probes each followed account's newest posts below the cursor.
  await sql`create index remote_posts_actor_feed_idx on remote_posts (actor_id, feed_id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists remote_posts_actor_feed_idx`.execute(db);
  await sql`drop index if exists remote_posts_feed_id_idx`.execute(db);
  await sql`alter table remote_posts drop column if exists feed_id`.execute(db);
  await sql`drop function if exists id_at(timestamptz)`.execute(db);
}
