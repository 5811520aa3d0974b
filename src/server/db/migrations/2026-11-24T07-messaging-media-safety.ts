import { sql, type Kysely } from 'kysely';

/**
 * Messaging, part two (spec 2 §3, §6): image messages' files, per-viewer blur and spam flags,
 * messages deleted for one blog only, and reports of messages and conversations for admins.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('conversation_participants')
    // Set by POST /svc/conversations/flag type=unblur: this blog sees the other's images unblurred.
    .addColumn('images_unblurred', 'boolean', (c) => c.notNull().defaultTo(false))
    // The documented spam rule (docs/api.md "Spam rule"), decided when the conversation starts.
    .addColumn('is_possible_spam', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  // The files of image messages: who may fetch them is decided by the conversation (media/access.ts).
  await db.schema
    .createTable('message_media')
    .addColumn('message_id', 'bigint', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('conversation_id', 'bigint', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_media_pkey', ['message_id', 'sha256'])
    .execute();
  // Serves the access check of one file (media/access.ts): the conversations that carry it.
  await sql`create index message_media_sha256_idx on message_media (sha256, conversation_id)`.execute(db);

  // A message one blog deleted: gone for that blog only.
  await db.schema
    .createTable('message_hidden')
    .addColumn('message_id', 'bigint', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('blog_id', 'bigint', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('message_hidden_pkey', ['blog_id', 'message_id'])
    .execute();

  // Reports of a message (kind 'message') or of a whole conversation marked spam (kind 'spam').
  await db.schema
    .createTable('message_reports')
    .addColumn('id', 'bigint', (c) => c.primaryKey().defaultTo(sql`next_id()`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('message', 'spam')`))
    .addColumn('conversation_id', 'bigint', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('message_id', 'bigint', (c) => c.references('messages.id').onDelete('set null'))
    .addColumn('reporter_user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reporter_blog_id', 'bigint', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    .addColumn('reported_blog_id', 'bigint', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    // What the message said when reported, kept for admins even if it is deleted later.
    .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('resolved_at', 'timestamptz')
    .execute();
  // Serves the admins' list of open message reports, newest first.
  await sql`create index message_reports_open_idx on message_reports (id desc) where resolved_at is null`.execute(db);
  // One report per reporter and message: a repeated report answers the first.
  await sql`create unique index message_reports_once_idx on message_reports (reporter_blog_id, conversation_id, kind, coalesce(message_id, 0))`.execute(db);
}
