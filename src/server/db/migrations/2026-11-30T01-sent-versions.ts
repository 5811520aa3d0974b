import { sql, type Kysely } from 'kysely';

/**
 * Issue 28: an edited post that went out goes out again as Update, and a reblog goes out as Announce. federated_posts keeps which
 * version went (the post's updated_at then, and a hash of what the object shows, so a save that
 * changed nothing visible sends nothing); the outbox pass finds recent edits on a partial index of
 * published posts by updated_at, not by reading every post that ever went out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table federated_posts add column sent_updated_at timestamptz, add column content_hash text`.execute(db);
  // A reblog went out as Announce: object_uri is the Announce's id, announced_uri the post it
  // announced (what its Undo names when the reblog goes).
  await sql`alter table federated_posts add column announced_uri text`.execute(db);
  await sql`update federated_posts fp set sent_updated_at = p.updated_at from posts p where p.id = fp.post_id`.execute(db);
  await sql`create index posts_published_updated_idx on posts (updated_at) where publish_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists posts_published_updated_idx`.execute(db);
  await sql`alter table federated_posts drop column if exists sent_updated_at, drop column if exists content_hash, drop column if exists announced_uri`.execute(db);
}
