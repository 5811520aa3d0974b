import { sql, type Kysely } from 'kysely';

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
  await syncFunction(db, true);

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
  await syncFunction(db, false);
  await sql`alter table post_search drop column tags`.execute(db);
}

/** This migration's post_search_sync() again (the next migration's down). */
export const rewriteSync = (db: Kysely<unknown>) => syncFunction(db, true);

/** post_search_sync(), the posts trigger of the post-search migration, with or without tags. */
async function syncFunction(db: Kysely<unknown>, withTags: boolean) {
  const tagsColumn = sql.raw(withTags ? ', tags' : '');
  const tagsValue = sql.raw(withTags ? ', array(select distinct lower(x) from unnest(n.tags) x)' : '');
  await sql`
    create or replace function post_search_sync() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        with gone as (
          select o.blog_id, t.tag, count(*)::integer as n
          from old_rows o cross join lateral (select distinct x as tag from unnest(o.tags) x) t
          where o.publish_id is not null and not o.is_private
          group by o.blog_id, t.tag
        )
        update blog_tags b set uses = b.uses - gone.n from gone where b.blog_id = gone.blog_id and b.tag = gone.tag;
        delete from blog_tags b where b.uses <= 0 and b.blog_id in (select distinct blog_id from old_rows);
      end if;
      if tg_op = 'UPDATE' then
        delete from post_search s using old_rows o where s.post_id = o.id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into post_search (post_id, blog_id, publish_id, type, is_private, is_reblog, owner_flagged_nsfw, document${tagsColumn})
        select n.id, n.blog_id, n.publish_id, n.type, n.is_private, n.reblog_of_id is not null or jsonb_array_length(n.trail) > 0,
          n.owner_flagged_nsfw, post_search_document(n.tags, n.content, n.comment_html)${tagsValue}
        from new_rows n where n.publish_id is not null;
        insert into blog_tags (blog_id, tag, uses)
        select n.blog_id, t.tag, count(*)::integer
        from new_rows n cross join lateral (select distinct x as tag from unnest(n.tags) x) t
        where n.publish_id is not null and not n.is_private
        group by n.blog_id, t.tag
        on conflict (blog_id, tag) do update set uses = blog_tags.uses + excluded.uses;
      end if;
      return null;
    end
    $$`.execute(db);
}
