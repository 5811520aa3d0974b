import { sql, type Kysely } from 'kysely';

/**
 * Sensitive content and appeals (issue 15): an admin's community label on a post, the appeal
 * level its owner moves through (0 none, 1 available_prioritize, 2 available, 3 in_review,
 * 4 complete), and when the review was asked for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('posts')
    .addColumn('is_sensitive', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('appeal_state', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('appeal_requested_at', 'timestamptz')
    .execute();
  await sql`alter table posts add constraint posts_appeal_state_check check (appeal_state between 0 and 4)`.execute(db);
  // GET /svc/admin/appeals: the posts in review, newest first, by keyset on id.
  await sql`create index posts_appeals_in_review_idx on posts (id) where appeal_state = 3`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index posts_appeals_in_review_idx`.execute(db);
  await db.schema.alterTable('posts').dropConstraint('posts_appeal_state_check').execute();
  await db.schema.alterTable('posts').dropColumn('appeal_requested_at').dropColumn('appeal_state').dropColumn('is_sensitive').execute();
}
