import type { ColumnType, Generated, Selectable } from 'kysely';
import type { EditorType } from '../../../shared/constants';
import type { AnyPostType, PostContent, PostFormSource } from '../../../shared/posts/types';

/** How a post is stored; "private" is a published post with is_private, "scheduled" a queued one with publish_on. */
export type StoredState = 'published' | 'draft' | 'queued' | 'unapproved' | 'transcoding';

/** One earlier step of a reblog chain, as stored: the blog by id, resolved when read. */
export interface StoredTrailItem {
  post_id: string;
  blog_id: string;
  content_html: string;
  is_root: boolean;
}

type Json<T> = ColumnType<T, string, string>;

export interface PostTable {
  id: string;
  blog_id: string;
  type: AnyPostType;
  state: StoredState;
  is_private: Generated<boolean>;
  publish_on: Date | null;
  /** The feed position: set while the post is published (private too), null otherwise (a check says so). */
  publish_id: string | null;
  /** The post went out once: its first-going-out notifications are sent (activity/published.ts). */
  was_published: Generated<boolean>;
  /**
   * The post's place in its blog's queue, first out first; null unless queued. The database sets it
   * (a trigger puts a post joining the queue at its end); only a reorder writes it (posts/queue-order.ts).
   */
  queue_position: ColumnType<string | null, undefined, string | null>;
  date: ColumnType<Date, Date | undefined, Date>;
  slug: Generated<string>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  source_url: string | null;
  editor_type: Generated<EditorType>;
  content: Json<PostContent>;
  source: Json<PostFormSource>;
  comment_html: Generated<string>;
  reblog_of_id: string | null;
  root_id: string;
  reblog_key: string;
  trail: Json<StoredTrailItem[]>;
  allow_answers: Generated<boolean>;
  /** Replies may carry a photo (issue 26.3). */
  allow_photo_replies: Generated<boolean>;
  members_only: Generated<boolean>;
  owner_flagged_nsfw: Generated<boolean>;
  can_be_liked: Generated<boolean>;
  can_be_reblogged: Generated<boolean>;
  options: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** An admin marked the post sensitive (a community label; the owner's own mark is owner_flagged_nsfw). */
  is_sensitive: Generated<boolean>;
  /** The appeal level of an admin's mark (shared/appeals.ts APPEAL_LEVEL). */
  appeal_state: Generated<number>;
  appeal_requested_at: Date | null;
  /** Set while the owner promotes the post (ad slots show promoted posts first). */
  promoted_at: Date | null;
  /** Who sent an ask or a submission (null: anonymous, or the blog's own post). Never shown for an anonymous ask. */
  from_blog_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** An anonymous ask's salted address hash, for the owner's block only (asks/asker-hash.ts). */
  asker_hash: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export type PostRow = Selectable<PostTable>;
