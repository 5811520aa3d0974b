import type { Kysely } from 'kysely';

/**
 * Issue 24.4: before a photo goes out without alt text the post form reminds its author, unless
 * they turned the reminder off. Kept on the server so the choice follows them to every browser:
 * GET /svc/user/info's is_alt_text_reminder_enabled, POST /svc/user/settings. On for everyone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('alt_text_reminder_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('alt_text_reminder_enabled').execute();
}
