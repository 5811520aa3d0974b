import { sql, type Kysely } from 'kysely';
import { writeSyncFunction } from './post-search-sync';

/**
 * The blog viewer drawer (spec 2 §3, §4, §6): in-blog search ranks posts whose tag is exactly
 * the term first, which needs each search row's tags; and the survey an admin sets, shown in the
 * drawer in safe mode with bypass, with the answers people give.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Lowercased and without repeats: the exact-tag test of in-blog search, read from the row the
  // search already has in hand (no trip to posts for every match).
  await sql`alter table post_search add column tags text[] not null default '{}'`.execute(db);
  await sql`update post_search s set tags = array(select distinct lower(x) from unnest(p.tags) x) from posts p where p.id = s.post_id`.execute(db);
  // The trigger of the post-search migration, now also filling tags.
  await writeSyncFunction(db, { tags: true, lockOrder: false, audiences: false });

  // Tag typeahead with nothing or one or two letters typed (too short for trigrams): the blog's
  // most used tags, walked in order until 20 match.
  await sql`create index blog_tags_most_used_idx on blog_tags (blog_id, uses desc, tag)`.execute(db);

  // The drawer's survey: the newest one not closed is the one shown; older ones keep their answers.
  await db.schema
    .createTable('surveys')
    .addColumn('id', 'bigint', (c) => c.primaryKey().defaultTo(sql`next_id()`))
    .addColumn('title', 'text', (c) => c.notNull())
    // [{key, text}]: the key is what an answer stores, the text what people read.
    .addColumn('options', 'jsonb', (c) => c.notNull())
    .addColumn('submission_confirmation', 'text', (c) => c.notNull())
    .addColumn('created_by', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('closed_at', 'timestamptz')
    .execute();
  // The open survey (the drawer reads it on every open): at most one, which also makes two
  // admins setting one at the same moment take turns.
  await sql`create unique index surveys_open_idx on surveys ((true)) where closed_at is null`.execute(db);

  // One answer per person and survey; answering again changes it.
  await db.schema
    .createTable('survey_answers')
    .addColumn('survey_id', 'bigint', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('option_key', 'text', (c) => c.notNull())
    .addColumn('answered_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('survey_answers_pkey', ['survey_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('survey_answers').execute();
  await db.schema.dropTable('surveys').execute();
  await sql`drop index blog_tags_most_used_idx`.execute(db);
  await writeSyncFunction(db, { tags: false, lockOrder: false, audiences: false });
  await sql`alter table post_search drop column tags`.execute(db);
}
