import type { Kysely } from 'kysely';

/**
 * Spec 2 §4: several conversation windows open side by side is a choice of the person's, off by
 * default (then opening one minimizes the others). Kept on the server so it follows them to every
 * browser: GET /svc/user/info's is_multi_window_enabled, POST /svc/user/settings.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('multi_window_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('multi_window_enabled').execute();
}
