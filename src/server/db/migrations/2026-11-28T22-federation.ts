import { sql, type Kysely } from 'kysely';

/**
 * Federation (issue 28): what ActivityPub needs kept. Fedify's key-value store and its message
 * queue live here rather than in memory, so a restart loses neither a cached key nor a delivery;
 * each blog's key pairs; the remote accounts we know; who follows our blogs from elsewhere; whom
 * our people follow elsewhere; and the posts those accounts sent us.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('federation_kv')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('federation_kv_expires_at_idx').on('federation_kv').column('expires_at').where(sql.ref('expires_at'), 'is not', null).execute();

  // A delivery or an inbox activity to process: claimed with FOR UPDATE SKIP LOCKED, so several
  // processes share the work; a claim not finished within a while (its process died) is taken again.
  await db.schema
    .createTable('federation_jobs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('message', 'jsonb', (c) => c.notNull())
    .addColumn('run_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('federation_jobs_run_at_idx').on('federation_jobs').columns(['run_at', 'id']).execute();

  await db.schema
    .createTable('federation_keys')
    .addColumn('blog_id', 'bigint', (c) => c.primaryKey().references('blogs.id').onDelete('cascade'))
    .addColumn('rsa_private', 'jsonb', (c) => c.notNull())
    .addColumn('rsa_public', 'jsonb', (c) => c.notNull())
    .addColumn('ed_private', 'jsonb', (c) => c.notNull())
    .addColumn('ed_public', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('remote_actors')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('uri', 'text', (c) => c.notNull().unique())
    .addColumn('handle', 'text', (c) => c.notNull())
    .addColumn('inbox_url', 'text', (c) => c.notNull())
    .addColumn('shared_inbox_url', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('summary_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('icon_url', 'text')
    .addColumn('url', 'text')
    .addColumn('fetched_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('remote_actors_handle_idx').on('remote_actors').column('handle').execute();

  // A remote account follows one of our blogs (accepted at once).
  await db.schema
    .createTable('remote_followers')
    .addColumn('blog_id', 'bigint', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    .addColumn('actor_id', 'bigint', (c) => c.notNull().references('remote_actors.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('remote_followers_pk', ['blog_id', 'actor_id'])
    .execute();
  await db.schema.createIndex('remote_followers_actor_idx').on('remote_followers').column('actor_id').execute();

  // One of our users follows a remote account, as one of their blogs (the Follow's actor).
  await db.schema
    .createTable('remote_follows')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('actor_id', 'bigint', (c) => c.notNull().references('remote_actors.id').onDelete('cascade'))
    .addColumn('blog_id', 'bigint', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    .addColumn('follow_uri', 'text', (c) => c.notNull())
    .addColumn('accepted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('remote_follows_pk', ['user_id', 'actor_id'])
    .execute();
  await db.schema.createIndex('remote_follows_actor_idx').on('remote_follows').column('actor_id').execute();

  // One of our posts that went out as Create, with the object id it went as: what a Delete names
  // when the post is deleted or leaves public. No foreign key: the row outlives a deleted post.
  await db.schema
    .createTable('federated_posts')
    .addColumn('post_id', 'bigint', (c) => c.primaryKey())
    .addColumn('blog_id', 'bigint', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    .addColumn('object_uri', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // A post a followed remote account sent us, its HTML through our sanitizer.
  await db.schema
    .createTable('remote_posts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('actor_id', 'bigint', (c) => c.notNull().references('remote_actors.id').onDelete('cascade'))
    .addColumn('uri', 'text', (c) => c.notNull().unique())
    .addColumn('url', 'text')
    .addColumn('content_html', 'text', (c) => c.notNull())
    .addColumn('summary', 'text')
    .addColumn('sensitive', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('published_at', 'timestamptz', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // A follower's dashboard reads the newest posts of the accounts they follow.
  await db.schema.createIndex('remote_posts_actor_id_idx').on('remote_posts').columns(['actor_id', 'id desc']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['remote_posts', 'federated_posts', 'remote_follows', 'remote_followers', 'remote_actors', 'federation_keys', 'federation_jobs', 'federation_kv']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
