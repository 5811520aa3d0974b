import { sql, type Kysely } from 'kysely';

/**
 * Forgot password (issue 24): the emailed links that set a new password. A link is good once and
 * for an hour; only its sha256 is kept, so a copy of the database sets no password. A user has at
 * most one live link: asking again replaces it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // A user's links, replaced by a new one and spent together.
  await db.schema.createIndex('password_resets_user_id_idx').on('password_resets').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_resets').ifExists().execute();
}
