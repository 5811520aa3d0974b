import { sql, type Kysely } from 'kysely';

/**
 * Leaving with your data (issue 24): a deleted blog or account is marked, not removed at once, so it
 * leaves every list in the statement that marks it; the purge job (leaving/purge.ts) removes its
 * posts, media and messages soon after, and the rows themselves when the name's quarantine ends.
 * Exports: one ZIP per request, made by a job, downloaded through a link whose token only the hash of
 * is kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('blogs').addColumn('deleted_at', 'timestamptz').execute();
  // Set once the purge job removed the blog's posts, media and conversations.
  await db.schema.alterTable('blogs').addColumn('purged_at', 'timestamptz').execute();
  await db.schema.alterTable('users').addColumn('deleted_at', 'timestamptz').execute();
  // The purge job's two lists (blogs to empty, quarantines that ended) and the set of deleted blogs
  // visibility leaves out: a few rows, never the whole table.
  await db.schema.createIndex('blogs_deleted_idx').on('blogs').columns(['deleted_at', 'id']).where(sql.ref('deleted_at'), 'is not', null).execute();
  // Accounts whose quarantine ended, for the purge job.
  await db.schema.createIndex('users_deleted_idx').on('users').columns(['deleted_at', 'id']).where(sql.ref('deleted_at'), 'is not', null).execute();

  await db.schema
    .createTable('data_exports')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('requested').check(sql`state in ('requested', 'running', 'ready', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('file', 'text')
    .addColumn('size', 'bigint')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz')
    .execute();
  // One export at a time per account: of two requests in the same millisecond, the second insert
  // meets this index and is refused, whatever the two processes read before.
  await db.schema
    .createIndex('data_exports_one_running_key')
    .on('data_exports')
    .column('user_id')
    .unique()
    .where(sql<boolean>`state in ('requested', 'running')`)
    .execute();
  // The settings page's newest export of a user, and the cascade of the account's deletion.
  await db.schema.createIndex('data_exports_user_id_id_idx').on('data_exports').columns(['user_id', 'id']).execute();
  // The job's queue: exports waiting or running (a stale claim is taken again).
  await db.schema.createIndex('data_exports_waiting_idx').on('data_exports').columns(['id']).where(sql<boolean>`state in ('requested', 'running')`).execute();
  // Files of expired exports, for the job that removes them.
  await db.schema.createIndex('data_exports_expires_idx').on('data_exports').columns(['expires_at']).where(sql.ref('file'), 'is not', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('data_exports').ifExists().execute();
  await db.schema.dropIndex('users_deleted_idx').ifExists().execute();
  await db.schema.dropIndex('blogs_deleted_idx').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
  await db.schema.alterTable('blogs').dropColumn('purged_at').execute();
  await db.schema.alterTable('blogs').dropColumn('deleted_at').execute();
}
