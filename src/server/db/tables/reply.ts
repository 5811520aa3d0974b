import type { ActionSource } from '../../../shared/notes/action-source';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** A photo a reply carries: the replier's upload, and what it shows (alt text, may be ''). */
export interface ReplyPhoto {
  url: string;
  width: number | null;
  height: number | null;
  alt: string;
}

/** A reply to a post, by a blog; 1 to 500 characters, or 0 to 500 with a photo. */
export interface ReplyTable {
  id: Generated<string>;
  post_id: string;
  blog_id: string;
  text: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  /** Where it was made (spec 1 §2); null before it was kept, or when not sent. */
  source: ColumnType<ActionSource | null, ActionSource | null | undefined, never>;
  /** Issue 26.3: one photo, only on a post that allows photo replies. */
  photo: ColumnType<ReplyPhoto | null, string | null | undefined, never>;
  /** The photo's file (its sha256), set with `photo`: what makes it public (media/access.ts). */
  photo_sha256: ColumnType<string | null, string | null | undefined, never>;
}
export type ReplyRow = Selectable<ReplyTable>;
