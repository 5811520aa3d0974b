import type { ColumnType } from 'kysely';
import type { AnyPostType } from '../../../shared/posts/types';

/**
 * A published post's search document and the columns search filters on; written only by the
 * posts triggers of the post-search migration, never by the app.
 */
export interface PostSearchTable {
  post_id: ColumnType<string, never, never>;
  blog_id: ColumnType<string, never, never>;
  publish_id: ColumnType<string, never, never>;
  type: ColumnType<AnyPostType, never, never>;
  is_private: ColumnType<boolean, never, never>;
  /** A reblog (or a post with a trail): not ORIGINAL for in-blog search's post_role. */
  is_reblog: ColumnType<boolean, never, never>;
  owner_flagged_nsfw: ColumnType<boolean, never, never>;
  /** tsvector: tags weight A, title B, body text C (post_search_document in SQL). */
  document: ColumnType<string, never, never>;
}

/** A blog's tag and how many of its public posts carry it (kept by the posts triggers). */
export interface BlogTagTable {
  blog_id: ColumnType<string, never, never>;
  tag: ColumnType<string, never, never>;
  uses: ColumnType<number, never, never>;
}
