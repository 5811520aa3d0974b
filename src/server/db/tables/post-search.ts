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
  /** An admin marked the post sensitive: with owner_flagged_nsfw, what safe mode hides (visibility.ts flaggedPost). */
  is_sensitive: ColumnType<boolean, never, never>;
  /** tsvector: tags weight A, title B, body text C (post_search_document in SQL). */
  document: ColumnType<string, never, never>;
  /** The post's tags, lowercased, once each: in-blog search ranks an exact tag first. */
  tags: ColumnType<string[], never, never>;
}

/** A blog's tag and how many of its published posts carry it, by audience (kept by the posts triggers). */
export interface BlogTagTable {
  blog_id: ColumnType<string, never, never>;
  tag: ColumnType<string, never, never>;
  /** Public posts (0 when only private posts carry the tag). */
  uses: ColumnType<number, never, never>;
  /** Public posts their owner flagged NSFW or an admin marked sensitive (safe mode leaves them out). */
  flagged_uses: ColumnType<number, never, never>;
  /** Private posts (only the owner is offered these). */
  private_uses: ColumnType<number, never, never>;
}
