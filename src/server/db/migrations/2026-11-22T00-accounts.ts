import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('primary_blog_id', 'bigint')
    .addColumn('current_blog_id', 'bigint')
    .addColumn('safe_mode', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sounds_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('default_editor_type', 'text', (c) =>
      c.notNull().defaultTo('rich').check(sql`default_editor_type in ('rich', 'html', 'markdown')`),
    )
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en_US'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Emails are stored lowercased; this also serves the login lookup.
  await db.schema.createIndex('users_email_key').on('users').column('email').unique().execute();

  await db.schema
    .createTable('blogs')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('uuid', 'uuid', (c) => c.notNull().unique().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_adult', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('theme', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Blog pages and lookups by name.
  await db.schema.createIndex('blogs_name_key').on('blogs').column('name').unique().execute();
  // A user's blogs, in the order they were made (user info, the account menu).
  await db.schema.createIndex('blogs_user_id_id_idx').on('blogs').columns(['user_id', 'id']).execute();

  await db.schema
    .alterTable('users')
    .addForeignKeyConstraint('users_primary_blog_fk', ['primary_blog_id'], 'blogs', ['id'])
    .onDelete('set null')
    .execute();
  await db.schema
    .alterTable('users')
    .addForeignKeyConstraint('users_current_blog_fk', ['current_blog_id'], 'blogs', ['id'])
    .onDelete('set null')
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('form_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // A user's sessions (ending them all), and the foreign key's cascade.
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('email_verifications')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // The newest verification of a user (resend throttle).
  await db.schema
    .createIndex('email_verifications_user_id_created_at_idx')
    .on('email_verifications')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Recent failures for one email (the login limit).
  await db.schema
    .createIndex('login_failures_email_created_at_idx')
    .on('login_failures')
    .columns(['email', 'created_at'])
    .execute();

  await db.schema
    .createTable('follows')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blog_id', 'bigint', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('follows_pkey', ['user_id', 'blog_id'])
    .execute();
  // A blog's followers; the primary key serves a user's follows.
  await db.schema.createIndex('follows_blog_id_idx').on('follows').columns(['blog_id', 'user_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['follows', 'login_failures', 'email_verifications', 'sessions']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('users').dropConstraint('users_primary_blog_fk').execute();
  await db.schema.alterTable('users').dropConstraint('users_current_blog_fk').execute();
  await db.schema.dropTable('blogs').execute();
  await db.schema.dropTable('users').execute();
}
