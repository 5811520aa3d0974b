import { sql, type Kysely } from 'kysely';
import { ACTION_SOURCES } from '../../../shared/notes/action-source';

/**
 * Issue 26 item 10: where a like or reply was made (spec 1 §2: dashboard, tag page, the drawer over
 * a page...), kept with it. Null for those made before, or sent without one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const allowed = sql.join(ACTION_SOURCES.map((source) => sql.lit(source)));
  for (const table of ['likes', 'replies']) {
    await sql`alter table ${sql.table(table)} add column source text check (source in (${allowed}))`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['likes', 'replies']) {
    await sql`alter table ${sql.table(table)} drop column source`.execute(db);
  }
}
