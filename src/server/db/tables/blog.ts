import type { ColumnType, Generated, Selectable } from 'kysely';
import type { GlobalThemeParams } from '../../../shared/types';

export interface BlogTable {
  id: Generated<string>;
  uuid: Generated<string>;
  user_id: string;
  name: string;
  title: string;
  /** Sanitized HTML (content/sanitize.ts), shown as description_sanitized. */
  description: Generated<string>;
  /** The owner's uploaded avatar image (a /media/ path); null draws the generated one. */
  avatar_path: ColumnType<string | null, string | null | undefined, string | null>;
  is_adult: Generated<boolean>;
  /** Only the fields the owner changed; defaults fill the rest when read. */
  theme: ColumnType<Partial<GlobalThemeParams>, string | undefined, string>;
  queue_per_day: Generated<number>;
  queue_start_hour: Generated<number>;
  queue_end_hour: Generated<number>;
  queue_next_at: Date | null;
  /** The newest notification the owner has seen. */
  activity_seen_id: Generated<string>;
  is_spam: Generated<boolean>;
  is_nsfw: Generated<boolean>;
  is_uniblock: Generated<boolean>;
  is_suspended: Generated<boolean>;
  /** Messaging (spec 2): false turns messages to this blog off; true with the next: only from blogs the owner follows. */
  can_receive_messages: Generated<boolean>;
  messages_from_followed_only: Generated<boolean>;
  /** Asks (spec 2 §5): questions taken at all, anonymous ones too, and the ask page's title. */
  asks: Generated<boolean>;
  anonymous_asks: Generated<boolean>;
  ask_page_title: Generated<string>;
  /** Submitted posts taken, of these post types, with the owner's guidelines (plain text). */
  submissions: Generated<boolean>;
  submission_types: ColumnType<string[], string[] | undefined, string[]>;
  submission_guidelines: Generated<string>;
  /** Deleted by its owner (leaving/): gone from every page and list at once; the name is held until the quarantine ends. */
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The purge job removed its posts, media and conversations. */
  purged_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: ColumnType<Date, never, never>;
}
export type BlogRow = Selectable<BlogTable>;
