import { sql, type Kysely } from 'kysely';

/**
 * Issue 28: what accounts on other servers do to our posts. A Like, an Announce (a reblog) or a
 * Note in reply to one of our posts becomes a note on it, kept by the id of the activity (or of
 * the reply) so that their Undo, Delete or Update finds it; the activity notification it makes
 * points at it and goes with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('remote_notes')
    .addColumn('id', 'bigint', (c) => c.primaryKey().defaultTo(sql`next_id()`))
    .addColumn('post_id', 'bigint', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('actor_id', 'bigint', (c) => c.notNull().references('remote_actors.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('like', 'reblog', 'reply')`))
    .addColumn('uri', 'text', (c) => c.notNull().unique())
    // A reply's words as plain text (the length of ours), and where it is on its server.
    .addColumn('text', 'text')
    .addColumn('url', 'text')
    .execute();
  // A post's notes newest first (the notes list, note counts), as replies_post_idx.
  await sql`create index remote_notes_post_idx on remote_notes (post_id, id desc)`.execute(db);
  // One like and one reblog per account and post, whatever the activity ids.
  await sql`create unique index remote_notes_once_idx on remote_notes (post_id, actor_id, kind) where kind <> 'reply'`.execute(db);
  await sql`create index remote_notes_actor_idx on remote_notes (actor_id)`.execute(db);

  await sql`alter table notifications add column remote_note_id bigint references remote_notes (id) on delete cascade`.execute(db);
  await sql`create index notifications_remote_note_idx on notifications (remote_note_id) where remote_note_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notifications drop column if exists remote_note_id`.execute(db);
  await db.schema.dropTable('remote_notes').ifExists().execute();
}
