import type { ColumnType, Generated, Selectable } from 'kysely';
import type { ActivityType } from '../../../shared/activity/types';

/** What a notification is stored as: the types the activity list shows (src/shared/activity/types.ts). */
export type NotificationType = ActivityType;

export interface NoteMeta {
  answer_text?: string;
  reply_text?: string;
  /** Who did it, when that was an account elsewhere (federation): as it was then. */
  from_remote?: { handle: string; name: string; icon_url: string | null; url: string | null };
}

/** Activity of one blog (blog_id receives it). */
export interface NotificationTable {
  id: Generated<string>;
  blog_id: string;
  type: NotificationType;
  from_blog_id: string | null;
  post_id: string | null;
  new_post_id: string | null;
  note_meta: ColumnType<NoteMeta, string | undefined, string>;
  /** The remote like, reblog or reply it tells of; it goes when that is undone. */
  remote_note_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
}
export type NotificationRow = Selectable<NotificationTable>;
