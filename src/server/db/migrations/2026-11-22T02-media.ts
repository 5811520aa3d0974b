import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media')
    // next_id(): time-sortable, so "a user's media, newest first" is an index walk.
    .addColumn('id', 'bigint', (c) => c.primaryKey().defaultTo(sql`next_id()`))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('image', 'audio', 'video')`))
    // Of the bytes as uploaded: the same file sent twice is one row (and the same stored files).
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('sizes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('meta', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // A user's media, newest first.
  await db.schema.createIndex('media_user_id_id_idx').on('media').columns(['user_id', 'id']).execute();
  // Uploading the same file again finds its row (idempotent upload); also serves looking up the
  // uploads a post refers to, since their URLs carry the sha256.
  await db.schema.createIndex('media_user_id_sha256_key').on('media').columns(['user_id', 'sha256']).unique().execute();

  await db.schema
    .createTable('video_jobs')
    .addColumn('id', 'bigint', (c) => c.primaryKey().defaultTo(sql`next_id()`))
    .addColumn('media_id', 'bigint', (c) => c.notNull().unique().references('media.id').onDelete('cascade'))
    // The latest post waiting for this video (posts find their video through options.video_media_id).
    .addColumn('post_id', 'bigint', (c) => c.references('posts.id').onDelete('set null'))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued').check(sql`state in ('queued', 'running', 'done', 'failed')`))
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The runner's next job (oldest queued first) and stale running jobs after a restart.
  await db.schema.createIndex('video_jobs_state_id_idx').on('video_jobs').columns(['state', 'id']).execute();

  // Posts waiting for a video to be converted, found when its job ends.
  await sql`create index posts_transcoding_media_idx on posts ((options->>'video_media_id')) where state = 'transcoding'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index posts_transcoding_media_idx`.execute(db);
  await db.schema.dropTable('video_jobs').execute();
  await db.schema.dropTable('media').execute();
}
