import { sql, type Kysely } from 'kysely';

/**
 * Site search's blog results: blogs whose name or title contains the typed text. Trigrams
 * (pg_trgm, created by the post-search migration in public) make the "contains" an index search.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index blogs_name_title_trgm_idx on blogs using gin (lower(name) public.gin_trgm_ops, lower(title) public.gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index blogs_name_title_trgm_idx`.execute(db);
}
