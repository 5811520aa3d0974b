import { sql, type Kysely } from 'kysely';

/**
 * Messaging (spec 2 §3): conversations between blogs, each blog's place in one (participants),
 * and the messages. Message ids come from next_id(): time-sortable, so the id is also the
 * message's `ts`, and "newest" is "largest id" everywhere.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('blogs')
    .addColumn('can_receive_messages', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('messages_from_followed_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  // What /services/poll and /services/stream are asked with: not the session secret, rotatable.
  await sql`alter table users add column polling_token text not null
    default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`.execute(db);
  await sql`create unique index users_polling_token_idx on users (polling_token)`.execute(db);

  await db.schema
    .createTable('conversations')
    .addColumn('id', 'bigint', (c) => c.primaryKey().defaultTo(sql`next_id()`))
    // A 1:1 conversation's two blogs, lower id first: the unique pair keeps it to one per two blogs.
    .addColumn('pair_low', 'bigint', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    .addColumn('pair_high', 'bigint', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    .addColumn('last_modified_ts', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('conversations_pair_order', sql`pair_low < pair_high`)
    .execute();
  await sql`create unique index conversations_pair_idx on conversations (pair_low, pair_high)`.execute(db);
  await sql`create index conversations_pair_high_idx on conversations (pair_high)`.execute(db);

  await db.schema
    .createTable('conversation_participants')
    .addColumn('conversation_id', 'bigint', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('blog_id', 'bigint', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE').check(sql`status in ('ACTIVE', 'INACTIVE')`))
    // Copied from the conversation on every message, so a blog's inbox is one index range.
    .addColumn('last_modified_ts', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_read_ts', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('unread_count', 'integer', (c) => c.notNull().defaultTo(0))
    // Deleting hides the history up to this message for this participant only; later messages show.
    .addColumn('deleted_ts', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'timestamptz')
    .addPrimaryKeyConstraint('conversation_participants_pkey', ['conversation_id', 'blog_id'])
    .execute();
  // A blog's conversations, newest first (GET /svc/conversations).
  await sql`create index conversation_participants_inbox_idx on conversation_participants (blog_id, last_modified_ts desc, conversation_id desc)`.execute(db);
  // Unread per participant (GET /services/poll on a cache miss; the badge sums).
  await sql`create index conversation_participants_unread_idx on conversation_participants (blog_id, conversation_id) where unread_count > 0`.execute(db);

  await db.schema
    .createTable('messages')
    .addColumn('id', 'bigint', (c) => c.primaryKey().defaultTo(sql`next_id()`))
    .addColumn('conversation_id', 'bigint', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('sender_blog_id', 'bigint', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('TEXT', 'POSTREF', 'IMAGE', 'STICKER')`))
    // {text, formatting}: formatting entries arrive with the second messaging issue.
    .addColumn('content', 'jsonb', (c) => c.notNull().defaultTo(sql`'{"text": "", "formatting": []}'::jsonb`))
    // No foreign key: a deleted post's reference stays, and reads as 'no longer available'.
    .addColumn('post_id', 'bigint')
    .addColumn('post_blog_id', 'bigint', (c) => c.references('blogs.id').onDelete('set null'))
    // IMAGE and STICKER: their media and sticker, filled by the second messaging issue.
    .addColumn('image', 'jsonb')
    .addColumn('sticker_id', 'text')
    .addColumn('context', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // A conversation's messages by id (the message pages, newest first, keyset).
  await sql`create index messages_conversation_idx on messages (conversation_id, id desc)`.execute(db);
  // One stored message per sending blog and idempotency key: retries and bursts store one.
  await sql`create unique index messages_idempotency_idx on messages (sender_blog_id, idempotency_key) where idempotency_key is not null`.execute(db);
  await sql`create index messages_post_idx on messages (post_id) where post_id is not null`.execute(db);
  // The 'To:' search (participant_suggestions with q): blog names by prefix, whatever the case.
  await sql`create index blogs_name_prefix_idx on blogs (lower(name) text_pattern_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index blogs_name_prefix_idx`.execute(db);
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('conversation_participants').execute();
  await db.schema.dropTable('conversations').execute();
  await sql`drop index users_polling_token_idx`.execute(db);
  await db.schema.alterTable('users').dropColumn('polling_token').execute();
  await db.schema.alterTable('blogs').dropColumn('can_receive_messages').dropColumn('messages_from_followed_only').execute();
}
