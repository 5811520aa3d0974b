import { sql, type Kysely } from 'kysely';

// GIF search (spec 1 §4 and §7): full-text search over the photo posts that hold a GIF, with
// PostgreSQL's own tsvector and GIN, so it needs no extension and no other service.
export async function up(db: Kysely<unknown>): Promise<void> {
  // What a GIF post is found by: its tags (weight A, so a tag match ranks above a caption match)
  // and its captions (weight B); null for every other post, which keeps them out of the index.
  // 'simple' keeps words as typed (no stemming, no stop words): tags are names, not English prose.
  // Immutable although array_to_string is only stable: for text[] its output never changes, and
  // an index expression must be immutable. HTML tags in caption_html are skipped by the parser.
  await sql`
    create function gif_search_document(post_type text, tags text[], content jsonb) returns tsvector
    language sql immutable parallel safe as $$
      select case
        when post_type = 'photo'
          and jsonb_path_exists(content, '$.photos[*] ? (@.url like_regex "[.]gif([?#].*)?$" flag "i" || @.mime == "image/gif")')
        then setweight(to_tsvector('simple', array_to_string(tags, ' ')), 'A')
          || setweight(to_tsvector('simple', coalesce(content ->> 'caption_html', '')), 'B')
          || setweight(to_tsvector('simple', jsonb_path_query_array(content, '$.photos[*].caption')), 'B')
      end
    $$`.execute(db);
  // GIF search by words: published, public photo posts only (the search repeats this predicate).
  await sql`
    create index posts_gif_search_idx on posts using gin (gif_search_document(type, tags, content))
    where type = 'photo' and state = 'published' and not is_private`.execute(db);
  // GIF search by blog name: the blogs whose name holds a search word.
  await sql`create index blogs_name_search_idx on blogs using gin (to_tsvector('simple', name))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index blogs_name_search_idx`.execute(db);
  await sql`drop index posts_gif_search_idx`.execute(db);
  await sql`drop function gif_search_document(text, text[], jsonb)`.execute(db);
}
