import type { ColumnType, Generated, Selectable } from 'kysely';
import type { EditorType, Palette } from '../../../shared/constants';

export interface UserTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  email_verified_at: Date | null;
  primary_blog_id: string | null;
  current_blog_id: string | null;
  safe_mode: Generated<boolean>;
  sounds_enabled: Generated<boolean>;
  /** Spec 2 §6's server flag for desktop notifications, per user; off by default. */
  desktop_notifications_enabled: Generated<boolean>;
  /** Spec 2 §4: several conversation windows open at once; off by default. */
  multi_window_enabled: Generated<boolean>;
  palette: Generated<Palette>;
  /** Issue 24.4: the post form reminds before a photo goes out without alt text; on by default. */
  alt_text_reminder_enabled: Generated<boolean>;
  default_editor_type: Generated<EditorType>;
  language: Generated<string>;
  is_admin: Generated<boolean>;
  /** Authenticates /services/poll and /services/stream (not the session secret); rotatable. */
  polling_token: Generated<string>;
  tfa_secret: string | null;
  tfa_pending_secret: string | null;
  tfa_last_step: string | null;
  email_new_followers: Generated<boolean>;
  email_asks: Generated<boolean>;
  email_messages: Generated<boolean>;
  /** The account was deleted (leaving/): its sessions ended, its email and password wiped; the row goes when its blogs' quarantine ends. */
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: ColumnType<Date, never, never>;
}
export type UserRow = Selectable<UserTable>;
