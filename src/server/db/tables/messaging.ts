import type { ColumnType, Generated, Selectable } from 'kysely';

/** A conversation between two blogs (pair_low < pair_high: one per two blogs). */
export interface ConversationTable {
  id: Generated<string>;
  pair_low: string;
  pair_high: string;
  last_modified_ts: Generated<string>;
  created_at: ColumnType<Date, never, never>;
}

/** One blog's place in a conversation: what it has read, what it deleted. */
export interface ConversationParticipantTable {
  conversation_id: string;
  blog_id: string;
  status: Generated<'ACTIVE' | 'INACTIVE'>;
  last_modified_ts: Generated<string>;
  last_read_ts: Generated<string>;
  unread_count: Generated<number>;
  deleted_ts: Generated<string>;
  deleted_at: Date | null;
  images_unblurred: Generated<boolean>;
  is_possible_spam: Generated<boolean>;
}

export interface MessageContent {
  text: string;
  formatting: unknown[];
}

export interface MessageTable {
  id: Generated<string>;
  conversation_id: string;
  sender_blog_id: string;
  type: 'TEXT' | 'POSTREF' | 'IMAGE' | 'STICKER';
  content: ColumnType<MessageContent, string, string>;
  post_id: string | null;
  post_blog_id: string | null;
  image: ColumnType<unknown, string | null, string | null> | null;
  sticker_id: string | null;
  context: string | null;
  idempotency_key: string | null;
  created_at: ColumnType<Date, never, never>;
}
export type MessageRow = Selectable<MessageTable>;

export interface MessageMediaTable {
  message_id: string;
  conversation_id: string;
  sha256: string;
}

export interface MessageHiddenTable {
  message_id: string;
  blog_id: string;
  created_at: ColumnType<Date, never, never>;
}

export interface MessageReportTable {
  id: Generated<string>;
  kind: 'message' | 'spam';
  conversation_id: string;
  message_id: string | null;
  reporter_user_id: string;
  reporter_blog_id: string;
  reported_blog_id: string;
  excerpt: string;
  created_at: ColumnType<Date, never, never>;
  resolved_at: Date | null;
}
