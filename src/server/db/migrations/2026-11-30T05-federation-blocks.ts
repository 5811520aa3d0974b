import { sql, type Kysely } from 'kysely';

/**
 * Issue 28, safety: a blog of ours blocks an account elsewhere (remote_blocks), and admins block a
 * whole server (blocked_domains, by host name: a block of example.social covers its subdomains).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('remote_blocks')
    .addColumn('blog_id', 'bigint', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    .addColumn('actor_id', 'bigint', (c) => c.notNull().references('remote_actors.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('remote_blocks_pk', ['blog_id', 'actor_id'])
    .execute();
  // Whether any blog blocks an account (a like arriving, a follow arriving) reads by account.
  await db.schema.createIndex('remote_blocks_actor_idx').on('remote_blocks').column('actor_id').execute();

  await db.schema
    .createTable('blocked_domains')
    .addColumn('domain', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blocked_domains').ifExists().execute();
  await db.schema.dropTable('remote_blocks').ifExists().execute();
}
