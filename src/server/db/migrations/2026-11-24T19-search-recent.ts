import { sql, type Kysely } from 'kysely';

/**
 * Site search of a common word: a walk down the public documents newest first, testing each,
 * stops after the page (a GIN bitmap would read every match, tens of thousands, and sort them).
 * The planner takes the GIN for rare words.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index post_search_recent_idx on post_search (publish_id desc) where not is_private`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index post_search_recent_idx`.execute(db);
}
