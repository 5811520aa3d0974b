import { sql, type Kysely } from 'kysely';
import { writeSyncFunction } from './post-search-sync';

/**
 * Full-text search over posts (spec 2 §4, in-blog search; also what site-wide search reads) and
 * the tag suggestions of a blog. PostgreSQL's own tsvector and GIN plus pg_trgm and btree_gin, the
 * same on PGlite (which loads both extensions: db/pglite.ts).
 *
 * The documents live beside posts, not in a posts column: posts are read with selectAll by
 * hydration, and a tsvector there would ride along with every feed page. Triggers keep both
 * tables in step, one statement at a time (transition tables), so a bulk insert of posts costs
 * one set-based insert here rather than one per row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // In public, whatever schema the app works in: an extension exists once per database, and tests
  // give each app a schema of its own (dropped with everything in it at the end).
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  await sql`create extension if not exists btree_gin with schema public`.execute(db);

  // What a post is found by: tags (weight A, 'simple': names kept as typed, stop words too, so
  // a tag like "the who" is found by its words), its title (B) and body text (C) in 'english'
  // (stems, no stop words). Body text is every text field of every post type plus a reblog's
  // comment; HTML tags and entities are skipped by the parser. Immutable although
  // array_to_string is only stable: for text[] its output never changes.
  await sql`
    create function post_search_document(tags text[], content jsonb, comment_html text) returns tsvector
    language sql immutable parallel safe as $$
      select setweight(to_tsvector('simple', array_to_string(tags, ' ')), 'A')
        || setweight(to_tsvector('english', concat_ws(' ', content ->> 'title', content ->> 'question', content ->> 'track_title')), 'B')
        || setweight(to_tsvector('english', concat_ws(' ',
             content ->> 'body_html', content ->> 'caption_html', content ->> 'quote_html', content ->> 'source_html',
             content ->> 'description_html', content ->> 'excerpt', content ->> 'answer_html', content ->> 'track_artist',
             content ->> 'track_album', comment_html)), 'C')
        || setweight(to_tsvector('english', jsonb_path_query_array(content, '$.photos[*].caption')), 'C')
        || setweight(to_tsvector('english', jsonb_path_query_array(content, '$.lines[*].phrase')), 'C')
    $$`.execute(db);

  // One row per published post (private ones too: their owner searches them), with the columns
  // the search filters and sorts on, so a search reads posts only for the page it answers.
  await db.schema
    .createTable('post_search')
    .addColumn('post_id', 'bigint', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
    .addColumn('blog_id', 'bigint', (c) => c.notNull())
    .addColumn('publish_id', 'bigint', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('is_private', 'boolean', (c) => c.notNull())
    .addColumn('is_reblog', 'boolean', (c) => c.notNull())
    .addColumn('owner_flagged_nsfw', 'boolean', (c) => c.notNull())
    .addColumn('document', sql`tsvector`, (c) => c.notNull())
    .execute();
  // In-blog search (blog_id = and document @@) and site-wide search (document @@ alone): a
  // multicolumn GIN serves either column alone too.
  await sql`create index post_search_blog_document_idx on post_search using gin (blog_id, document)`.execute(db);

  // The blog's tags with how many of its public posts carry each: the tag typeahead.
  await db.schema
    .createTable('blog_tags')
    .addColumn('blog_id', 'bigint', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('uses', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('blog_tags_pkey', ['blog_id', 'tag'])
    .execute();
  // Tag typeahead: a blog's tags containing the typed text (trigrams; btree_gin for blog_id).
  await sql`create index blog_tags_typeahead_idx on blog_tags using gin (blog_id, lower(tag) public.gin_trgm_ops)`.execute(db);

  await writeSyncFunction(db, { tags: false, lockOrder: false, audiences: false });
  // Transition tables allow one event per trigger: three triggers, one function.
  await sql`create trigger posts_search_insert after insert on posts referencing new table as new_rows for each statement execute function post_search_sync()`.execute(db);
  await sql`create trigger posts_search_update after update on posts referencing old table as old_rows new table as new_rows for each statement execute function post_search_sync()`.execute(db);
  await sql`create trigger posts_search_delete after delete on posts referencing old table as old_rows for each statement execute function post_search_sync()`.execute(db);

  // Posts written before this migration.
  await sql`
    insert into post_search (post_id, blog_id, publish_id, type, is_private, is_reblog, owner_flagged_nsfw, document)
    select id, blog_id, publish_id, type, is_private, reblog_of_id is not null or jsonb_array_length(trail) > 0,
      owner_flagged_nsfw, post_search_document(tags, content, comment_html)
    from posts where publish_id is not null`.execute(db);
  await sql`
    insert into blog_tags (blog_id, tag, uses)
    select p.blog_id, t.tag, count(*)::integer
    from posts p cross join lateral (select distinct x as tag from unnest(p.tags) x) t
    where p.publish_id is not null and not p.is_private
    group by p.blog_id, t.tag`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'update', 'delete']) {
    await sql`drop trigger ${sql.raw(`posts_search_${event}`)} on posts`.execute(db);
  }
  await sql`drop function post_search_sync()`.execute(db);
  await db.schema.dropTable('blog_tags').execute();
  await db.schema.dropTable('post_search').execute();
  await sql`drop function post_search_document(text[], jsonb, text)`.execute(db);
}
