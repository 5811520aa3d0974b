// Messaging on the wire (spec 2 §3 and §7): the request schemas with the messages a person
// reads, the answer shapes, and the server-side constants. The client's own constants (poll
// multipliers, display timings) are in constants.ts, owned by the client.
import { z } from 'zod';
import { idText, UUID_PATTERN } from '../ids';
import { ALT_TEXT_MAX } from '../posts/messages';
import type { GlobalThemeParams } from '../types';
import type { FormattingEntry } from './links';
import { MESSAGE_TYPES, MESSAGES_PAGE_MAX, SUGGESTIONS_MAX, type MessageType } from './limits';

// The limits are defined in limits.ts (no zod there); every user of api.ts still finds them here.
export {
  MESSAGE_TEXT_MAX,
  POLLING_FREQUENCY_INBOX_SECONDS,
  POLLING_FREQUENCY_CONVERSATION_SECONDS,
  CONVERSATIONS_PAGE,
  MESSAGES_PAGE,
  MESSAGES_PAGE_MAX,
  SUGGESTIONS_DEFAULT,
  SUGGESTIONS_MAX,
  SUGGESTED_RECIPIENTS,
  NEW_CONVERSATIONS_PER_DAY,
  MESSAGE_CONTEXTS,
  MESSAGE_TYPES,
  SENDABLE_TYPES,
  messageContext,
} from './limits';
export type { MessageType } from './limits';

/** A blog uuid: checked here, so a malformed one never reaches the database's uuid column. */
export const blogUuid = (field: string) =>
  z
    .string({ error: `Say which blog: ${field} must be a blog uuid.` })
    .trim()
    .regex(UUID_PATTERN, `${field} must be a blog uuid (like 0b6c1e9a-3f4d-4c1e-9a3f-4d4c1e9a3f4d).`)
    .transform((value) => value.toLowerCase());

export const conversationId = (field = 'conversation_id') =>
  idText(field, { missing: `${field} must be a conversation id.`, digits: `${field} must be a conversation id (digits only).` });

/** participants[] as a form or query sends it: one value or several. */
const participantList = z
  .union([blogUuid('participants[]'), z.array(blogUuid('participants[]'))], { error: 'participants[] must list blog uuids.' })
  .transform((value) => (Array.isArray(value) ? value : [value]));

const cursor = (field: string) =>
  idText(field, { missing: `${field} must be a message id.`, digits: `${field} must be a message id (digits only).` }).optional();

/** GET /svc/conversations: the acting blog; the server adds its own opaque `before` cursor (http/paging.ts). */
export const conversationsQuery = z.object({
  participant: blogUuid('participant'),
});

const limitField = (max: number) =>
  z.coerce
    .number({ error: 'limit must be a number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(max, `limit can be at most ${max}.`);

/** GET /svc/conversations/messages: conversation_id or participants[], plus participant. */
export const messagesQuery = z
  .object({
    participant: blogUuid('participant'),
    conversation_id: conversationId().optional(),
    'participants[]': participantList.optional(),
    limit: limitField(MESSAGES_PAGE_MAX).optional(),
    before: cursor('before'),
    after: cursor('after'),
  })
  .refine((q) => q.conversation_id !== undefined || q['participants[]'] !== undefined, {
    message: 'Say which conversation: send conversation_id or participants[].',
  });

export const oneConversationQuery = z.object({ participant: blogUuid('participant'), conversation_id: conversationId() });

export const deleteConversationQuery = oneConversationQuery;

export const markReadBody = z.object({
  participant: blogUuid('participant'),
  conversation_id: conversationId(),
});

/** POST /svc/conversations/messages, form-encoded (spec 2 §7). */
export const sendBody = z
  .object({
    participant: blogUuid('participant'),
    conversation_id: conversationId().optional(),
    'participants[]': participantList.optional(),
    type: z.enum(MESSAGE_TYPES, { error: 'type must be TEXT, POSTREF, IMAGE or STICKER.' }).default('TEXT'),
    sticker_id: z.string({ error: 'sticker_id must be text.' }).max(100, 'That is not a sticker.').optional(),
    image_url: z.string({ error: 'image_url must be the address of a GIF.' }).max(2000, 'image_url is too long.').optional(),
    message: z.string({ error: 'message must be text.' }).optional(),
    // Issue 24.4: what an IMAGE message's picture shows, for who cannot see it.
    alt_text: z
      .string({ error: 'alt_text must be text.' })
      .transform((alt) => alt.replace(/\s+/g, ' ').trim())
      .refine((alt) => alt.length <= ALT_TEXT_MAX, { message: `The alt text of the image can be at most ${ALT_TEXT_MAX.toLocaleString('en')} characters.` })
      .optional(),
    'post[id]': idText('post[id]', { missing: 'post[id] must be a post id.', digits: 'post[id] must be a post id (digits only).' }).optional(),
    'post[blog_uuid]': blogUuid('post[blog_uuid]').optional(),
    context: z.string({ error: 'context must be text.' }).max(200, 'context is too long.').optional(),
    idempotency_key: z
      .string({ error: 'idempotency_key must be text.' })
      .regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'idempotency_key must be 1 to 100 letters, digits, dots, colons, dashes or underscores.')
      .optional(),
  })
  .refine((q) => q.conversation_id !== undefined || q['participants[]'] !== undefined, {
    message: 'Say who the message is for: send conversation_id or participants[].',
  });
export type SendInput = z.output<typeof sendBody>;

export const participantInfoQuery = z.object({ participant: blogUuid('participant'), q: blogUuid('q') });

export const suggestionsQuery = z.object({
  participant: blogUuid('participant'),
  q: z.string({ error: 'q must be text.' }).trim().max(100, 'Search for at most 100 characters.').optional(),
  limit: limitField(SUGGESTIONS_MAX).optional(),
  include_recent: z.enum(['true', 'false', '1', '0'], { error: 'include_recent must be true or false.' }).optional(),
  exclude_active: z.enum(['true', 'false', '1', '0'], { error: 'exclude_active must be true or false.' }).optional(),
  // Spec 2 §7's flag: empty, or post for the send-a-post popover (which adds `suggested`).
  flag: z.enum(['', 'post'], { error: "flag must be empty or 'post'." }).optional(),
  // The new empty-inbox variant's 'Posts about #x and #y': each blog's top two tags.
  include_tags: z.enum(['true', 'false', '1', '0'], { error: 'include_tags must be true or false.' }).optional(),
});

// ---------------------------------------------------------------------------------------------
// Answers

/** A `_links` entry: the path to ask next, and its query as separate fields. */
export interface PageLink {
  href: string;
  method: 'GET';
  query_params: Record<string, string>;
}
export interface Links {
  next?: PageLink;
  previous?: PageLink;
}

/** A blog in a conversation (spec 2 §3 Participant). */
export interface ParticipantView {
  uuid: string;
  name: string;
  url: string;
  title: string;
  description: string;
  avatar_url: string;
  avatar_url_48: string;
  is_adult: boolean;
  can_receive_messages: boolean;
  /** The owner of this blog follows the viewer's acting blog. */
  is_blog_following_you: boolean;
  /** The viewer follows this blog. */
  is_following_blog: boolean;
  theme: GlobalThemeParams;
  global_theme_params: GlobalThemeParams;
}

/** participant_info adds the intro card's data (spec 2 §3 Participant, §6 intro card). */
export interface ParticipantInfoView extends ParticipantView {
  /** The blog's two most used tags, most used first. */
  blog_tags: string[];
  /** Seconds since the other blog's owner followed the acting blog; null when they do not. */
  duration_blog_following_you: number | null;
  /** Seconds since the viewer followed this blog; null when they do not. */
  duration_following_blog: number | null;
}

/** The post a POSTREF message points to (spec 2 §3); state 'disabled' when no longer available. */
export interface PostRefView {
  id: string;
  blog_name: string;
  blog_uuid: string;
  type: string;
  summary: string;
  state: 'published' | 'disabled';
  post_url: string;
  thumbnail_url: string | null;
  thumbnail_width: number | null;
  thumbnail_height: number | null;
  is_nsfw: boolean;
}

export interface MessageView {
  type: MessageType;
  /** The message id, time-sortable: also its position in the conversation. */
  ts: string;
  /** Milliseconds since 1970 when it was stored (from the id). */
  timestamp: number;
  conversation_id: string;
  /** The sending blog's uuid. */
  participant: string;
  /** formatting: the links in the text (links.ts), spec 2 §3. */
  content: { text: string; formatting: FormattingEntry[] };
  post?: PostRefView;
  /** IMAGE messages: the image (one), its sizes largest first. */
  images?: MessageImageView[];
  /** STICKER messages. */
  sticker_id?: string;
  sticker?: { url: string; original_size_url: string };
  context: string | null;
}

export interface ImageSizeView {
  url: string;
  /** Null only for a GIF message whose post links a GIF of unknown size. */
  width: number | null;
  height: number | null;
}

export interface MessageImageView {
  original_size: ImageSizeView;
  alt_sizes: ImageSizeView[];
  /** Issue 24.4: what the image shows, as its sender wrote it (absent: none was written). */
  alt_text?: string;
}

/** GET /svc/conversations/stickers (spec 2 §3 Sticker). */
export interface StickerView {
  id: string;
  description: string;
  media_key: string;
  sticker_pack_id: string;
  url: string;
  original_size_url: string;
}

export const flagBody = z.object({
  participant: blogUuid('participant'),
  conversation_id: conversationId(),
  type: z.enum(['unblur', 'spam'], { error: 'type must be unblur or spam.' }),
  context: z.string({ error: 'context must be text.' }).max(200, 'context is too long.').optional(),
});

export const messageTarget = z.object({
  participant: blogUuid('participant'),
  conversation_id: conversationId(),
});

export const reportBody = messageTarget.extend({
  message_id: idText('message_id', { missing: 'Say which message: message_id is missing.', digits: 'message_id must be a message id (digits only).' }),
});

export interface ConversationView {
  object_type: 'conversation';
  id: string;
  status: 'ACTIVE';
  /** Id of the newest message (or 0): unread when greater than last_read_ts. */
  last_modified_ts: string;
  last_read_ts: string;
  unread_messages_count: number;
  can_send: boolean;
  is_possible_spam: boolean;
  is_blurred_images: boolean;
  /** Every blog in it, the acting blog included. */
  participants: ParticipantView[];
  last_message: MessageView | null;
}

export interface ConversationsPage {
  conversations: ConversationView[];
  _links: Links;
}

/** GET and POST /svc/conversations/messages: the conversation and a page of its messages, oldest first. */
export interface ConversationWithMessages extends ConversationView {
  messages: { data: MessageView[]; _links: Links };
}

/** GET /services/poll: mention key -> conversation id -> unread count (only keys with unread). */
export interface PollResponse {
  unread_messages: Record<string, Record<string, number>>;
}

/** The messaging fields user info gains. */
export interface MessagingUserInfo {
  polling_token: string;
  polling_frequency_inbox: number;
  polling_frequency_conversation: number;
  /** Spec 2 §5: the largest image message the server takes, in bytes (default 10485760). */
  messaging_max_image_bytes: number;
  /** Spec 2 §9: favorites are appended below an inbox list of at most this many conversations (default 3). */
  messaging_inbox_favorites_append_limit: number;
}
export interface MessagingChannelFields {
  mention_key: string;
  is_messaging_bot: boolean;
  unread_messages_count_sum: number;
}
