import type { ColumnType } from 'kysely';

/** One tag (lower case) of a public post, kept by the posts_tags_sync trigger: never written by the app. */
export interface PostTagTable {
  tag: string;
  publish_id: string;
  post_id: string;
  blog_id: string;
}

/** A user follows a tag (lower case): its posts join their dashboard. */
export interface TagFollowTable {
  user_id: string;
  tag: string;
  created_at: ColumnType<Date, never, never>;
}
