import { sql, type Kysely } from 'kysely';

/**
 * POST /svc/log/conversion (spec 1 §7): a logged-in viewer's first play of a video post, once
 * per viewer and post, with the player that played it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('video_conversions')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('post_id', 'bigint', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('player', 'text', (c) => c.notNull())
    .addColumn('player_version', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Once per video and viewer: a repeated log is the same row.
    .addPrimaryKeyConstraint('video_conversions_pkey', ['user_id', 'post_id'])
    .execute();
  // Counting a post's conversions, and the cascade when a post is deleted.
  await sql`create index video_conversions_post_id_idx on video_conversions (post_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('video_conversions').execute();
}
