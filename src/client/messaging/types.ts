// The messaging shapes the client reads (spec 2 §3 and §7), as the server sends them.
import type { MessageType } from '../../shared/messaging/api';
import type { FormattingEntry } from '../../shared/messaging/links';

/** A blog taking part in a conversation (spec 2 §3 "Participant"). */
export interface Participant {
  uuid: string;
  name: string;
  url: string;
  avatar_url?: string;
  is_adult?: boolean;
  title?: string;
  description?: string;
  can_receive_messages?: boolean;
  is_blog_following_you?: boolean;
  is_following_blog?: boolean;
  /** Seconds each way has followed, when it does. */
  duration_blog_following_you?: number;
  duration_following_blog?: number;
  /** The blog's most used tags (the intro card shows two). */
  blog_tags?: string[];
  theme?: { background_color?: string; link_color?: string; avatar_shape?: 'circle' | 'square' };
}

export interface PostRef {
  id: string;
  type: string;
  blog_name?: string;
  blog_uuid?: string;
  post_url?: string;
  summary?: string;
  /** 'disabled': the post is no longer available. */
  state?: string;
  thumbnail_url?: string | null;
  thumbnail_width?: number;
  thumbnail_height?: number;
  is_nsfw?: boolean;
  photos?: { original_size?: ImageSize; alt_sizes?: ImageSize[] }[];
}

/** Spec 2 §3 "Image": one size of it. */
export interface ImageSize {
  url: string;
  width: number;
  height: number;
}

export interface MessageImage {
  original_size: ImageSize;
  alt_sizes?: ImageSize[];
  /** Issue 24.4: what the image shows, as its sender wrote it. */
  alt_text?: string;
}

/** Spec 2 §3 "Sticker". */
export interface Sticker {
  id: string;
  description?: string;
  media_key?: string;
  sticker_pack_id?: string;
  url: string;
  original_size_url?: string;
}

/** A link in a message's text, as the server found it (shared/messaging/links.ts). */
export type { FormattingEntry };

export interface Message {
  /** The id, time-sortable: also the message's time in the server's clock. */
  ts: string;
  conversation_id?: string;
  type: MessageType;
  /** The sender blog's uuid. */
  participant: string;
  content?: { text: string; formatting?: FormattingEntry[] };
  post?: PostRef | null;
  /** IMAGE: the picture (the first entry). */
  images?: MessageImage[];
  /** GIF messages say so here ('messaging-gif'). */
  context?: string;
  sticker_id?: string;
  sticker?: { url: string; original_size_url?: string } | null;
  /** Milliseconds since 1970: when it was sent (the same instant as ts). */
  timestamp?: number;
}

export interface Link {
  href: string;
}

export interface Links {
  next?: Link | string | null;
  previous?: Link | string | null;
}

export interface Conversation {
  id: string;
  status?: string;
  last_modified_ts: number | string;
  last_read_ts: number | string;
  participants: Participant[];
  messages?: { data: Message[]; _links?: Links };
  /** In inbox pages: the newest message, or null. */
  last_message?: Message | null;
  can_send?: boolean;
  is_possible_spam?: boolean;
  is_blurred_images?: boolean;
  unread_messages_count?: number;
}

export interface ConversationsPage {
  conversations: Conversation[];
  _links?: Links;
}

/** A page of messages: the conversation's fields around them (an empty page for one not started). */
export type MessagesPage = Partial<Omit<Conversation, 'messages'>> & { messages: { data: Message[]; _links?: Links } };

/** The answer to a send: the conversation, with the message sent in messages.data[0]. */
export type SendAnswer = MessagesPage;

/** GET /services/poll: per mention key, conversation id → unread count. */
export interface PollAnswer {
  unread_messages?: Record<string, Record<string, number>>;
  error?: boolean;
}

export const linkHref = (link: Link | string | null | undefined): string | null =>
  !link ? null : typeof link === 'string' ? link : link.href ?? null;
