import { sql, type Kysely } from 'kysely';

/**
 * The settings pages: sessions a person can see and end (a public handle, the device, a hash of
 * the address, the last use), two-factor login (TOTP secret, hashed recovery codes), which emails
 * they want, and when each kind of batched email last went out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    // The id the sessions list shows: the row's own id is the cookie's hash, never sent out.
    .addColumn('handle', 'uuid', (c) => c.notNull().defaultTo(sql`gen_random_uuid()`))
    .addColumn('device', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address_hash', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Ending one session from the sessions list.
  await db.schema.createIndex('sessions_handle_key').on('sessions').column('handle').unique().execute();

  await db.schema
    .alterTable('users')
    // The secret of the authenticator app while two-factor is on; null when off.
    .addColumn('tfa_secret', 'text')
    // A secret shown by setup and not yet confirmed with a code.
    .addColumn('tfa_pending_secret', 'text')
    // The newest TOTP time step used: a code is good once.
    .addColumn('tfa_last_step', 'bigint')
    .addColumn('email_new_followers', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('email_asks', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('email_messages', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('tfa_recovery_codes')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tfa_recovery_codes_pkey', ['user_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('email_batches')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('last_sent_at', 'timestamptz', (c) => c.notNull())
    // Everything up to here was told (or older than the first email): the next batch starts after it.
    .addColumn('covered_until', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('email_batches_pkey', ['user_id', 'kind'])
    .execute();

  // The new-followers email: follows made since the last pass, across all blogs.
  await db.schema.createIndex('follows_created_at_idx').on('follows').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('follows_created_at_idx').execute();
  await db.schema.dropTable('email_batches').execute();
  await db.schema.dropTable('tfa_recovery_codes').execute();
  await db.schema
    .alterTable('users')
    .dropColumn('tfa_secret')
    .dropColumn('tfa_pending_secret')
    .dropColumn('tfa_last_step')
    .dropColumn('email_new_followers')
    .dropColumn('email_asks')
    .dropColumn('email_messages')
    .execute();
  await db.schema.dropIndex('sessions_handle_key').execute();
  await db.schema
    .alterTable('sessions')
    .dropColumn('handle')
    .dropColumn('device')
    .dropColumn('address_hash')
    .dropColumn('last_used_at')
    .execute();
}
