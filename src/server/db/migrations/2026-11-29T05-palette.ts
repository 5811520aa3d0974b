import { sql, type Kysely } from 'kysely';

/**
 * Issue 24 item 10: the person's colour palette, kept on the server so it follows them to every
 * browser (GET /svc/user/info's palette, POST /svc/user/settings). "system" (the default) follows
 * the system's light or dark setting.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('palette', 'text', (c) => c.notNull().defaultTo('system').check(sql`palette in ('system', 'navy', 'light', 'dark')`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('palette').execute();
}
