import { sql, type Kysely } from 'kysely';

/**
 * One counter per limited thing (an email and address pair's logins, an address's registrations,
 * an account's uploads, ...), counted by one upsert, so that concurrent requests in any number of
 * server processes cannot all read the count before any of them adds to it. This replaces the
 * login_failures log, whose limit was read before a failure was written (src/server/http/rate-limit.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'bigint', (c) => c.notNull())
    .addColumn('resets_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // The sweep of counters whose window has passed.
  await db.schema.createIndex('rate_limits_resets_at_idx').on('rate_limits').column('resets_at').execute();
  await db.schema.dropTable('login_failures').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('login_failures_email_created_at_idx').on('login_failures').columns(['email', 'created_at']).execute();
  await db.schema.dropTable('rate_limits').execute();
}
