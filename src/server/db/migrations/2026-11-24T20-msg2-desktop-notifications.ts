import type { Kysely } from 'kysely';

/**
 * Spec 2 §6: desktop notifications need a server flag, per user (GET /svc/user/info's
 * is_desktop_notifications_enabled, POST /svc/user/settings). Off until the person turns it on:
 * the browser's permission is asked for only then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('desktop_notifications_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('desktop_notifications_enabled').execute();
}
