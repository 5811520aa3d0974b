// Answer schemas of messaging (spec 2 §3 and §7), annotated with the TypeScript types of
// shared/messaging/api.ts so they fail to compile when the two drift apart.
import { z } from 'zod';
import {
  MESSAGE_TYPES,
  type ConversationsPage, type ConversationView, type ConversationWithMessages, type ImageSizeView, type Links, type MessageImageView,
  type MessageView, type PageLink, type ParticipantInfoView, type ParticipantView, type PollResponse, type PostRefView, type StickerView,
} from '../messaging/api';
import type { FormattingEntry } from '../messaging/links';
import { globalThemeParamsSchema } from './blog';

const text = z.string();
const flag = z.boolean();
const count = z.number();

const pageLinkSchema: z.ZodType<PageLink> = z.object({ href: text, method: z.literal('GET'), query_params: z.record(text, text) });

export const linksSchema: z.ZodType<Links> = z.object({ next: pageLinkSchema.optional(), previous: pageLinkSchema.optional() });

const participantFields = {
  uuid: text,
  name: text,
  url: text,
  title: text,
  description: text,
  avatar_url: text,
  avatar_url_48: text,
  is_adult: flag,
  can_receive_messages: flag,
  is_blog_following_you: flag,
  is_following_blog: flag,
  theme: globalThemeParamsSchema,
  global_theme_params: globalThemeParamsSchema,
};

export const participantSchema: z.ZodType<ParticipantView> = z.object(participantFields);

export const participantInfoSchema: z.ZodType<ParticipantInfoView> = z.object({
  ...participantFields,
  blog_tags: z.array(text),
  duration_blog_following_you: count.nullable(),
  duration_following_blog: count.nullable(),
});

/** participant_suggestions: favorites (each with its top tags when include_tags), and for a post the suggested recipients. */
const suggestedSchema: z.ZodType<ParticipantView & { blog_tags?: string[] }> = z.object({ ...participantFields, blog_tags: z.array(text).optional() });
export const suggestionsSchema: z.ZodType<{ blogs: ParticipantView[]; suggested?: ParticipantView[]; recently_followed?: boolean }> = z.object({
  blogs: z.array(suggestedSchema),
  suggested: z.array(participantSchema).optional(),
  recently_followed: flag.optional(),
});

const postRefSchema: z.ZodType<PostRefView> = z.object({
  id: text,
  blog_name: text,
  blog_uuid: text,
  type: text,
  summary: text,
  state: z.enum(['published', 'disabled']),
  post_url: text,
  thumbnail_url: text.nullable(),
  thumbnail_width: count.nullable(),
  thumbnail_height: count.nullable(),
  is_nsfw: flag,
});

const imageSizeSchema: z.ZodType<ImageSizeView> = z.object({ url: text, width: count.nullable(), height: count.nullable() });

export const messageImageSchema: z.ZodType<MessageImageView> = z.object({ original_size: imageSizeSchema, alt_sizes: z.array(imageSizeSchema), alt_text: text.optional() });

// Spec 2 §3: a link entry's range in the text and its attributes.
const formattingEntrySchema: z.ZodType<FormattingEntry> = z.object({
  type: z.literal('link'),
  position: z.object({ start: count, end: count }),
  attributes: z.object({ url: text, blog_name: text.optional(), post_id: text.optional(), messaging_blog_name: text.optional() }),
});

export const messageSchema: z.ZodType<MessageView> = z.object({
  type: z.enum(MESSAGE_TYPES),
  ts: text,
  timestamp: count,
  conversation_id: text,
  participant: text,
  content: z.object({ text, formatting: z.array(formattingEntrySchema) }),
  post: postRefSchema.optional(),
  images: z.array(messageImageSchema).optional(),
  sticker_id: text.optional(),
  sticker: z.object({ url: text, original_size_url: text }).optional(),
  context: text.nullable(),
});

const conversationFields = {
  object_type: z.literal('conversation'),
  id: text,
  status: z.literal('ACTIVE'),
  last_modified_ts: text,
  last_read_ts: text,
  unread_messages_count: count,
  can_send: flag,
  is_possible_spam: flag,
  is_blurred_images: flag,
  participants: z.array(participantSchema),
  last_message: messageSchema.nullable(),
};

export const conversationSchema: z.ZodType<ConversationView> = z.object(conversationFields);

export const conversationsPageSchema: z.ZodType<ConversationsPage> = z.object({ conversations: z.array(conversationSchema), _links: linksSchema });

const messagesField = z.object({ data: z.array(messageSchema), _links: linksSchema });

export const conversationWithMessagesSchema: z.ZodType<ConversationWithMessages> = z.object({ ...conversationFields, messages: messagesField });

/** The send's answer: an image message (multipart) also names its image at the top (spec 2 §5). */
export const sentSchema: z.ZodType<ConversationWithMessages & { images?: MessageImageView[] }> = z.object({
  ...conversationFields,
  messages: messagesField,
  images: z.array(messageImageSchema).optional(),
});

export const pollSchema: z.ZodType<PollResponse> = z.object({ unread_messages: z.record(text, z.record(text, count)) });

export const markedReadSchema = z.object({ conversation_id: text, last_read_ts: text, unread_messages_count: count });

export const conversationDeletedSchema = z.object({ conversation_id: text, is_deleted: z.literal(true) });

export const messageDeletedSchema = z.object({ message_id: text, is_deleted: z.literal(true), unread_messages_count: count.optional() });

export const messageReportedSchema = z.object({ message_id: text, is_reported: z.literal(true) });

/** POST /svc/conversations/flag: unblurred, or marked spam (its sender blocked). */
export const flaggedSchema = z.union([
  z.object({ conversation_id: text, is_blurred_images: z.literal(false) }),
  z.object({ conversation_id: text, is_spam: z.literal(true), blocked_tumblelog: text }),
]);

const stickerSchema: z.ZodType<StickerView> = z.object({
  id: text,
  description: text,
  media_key: text,
  sticker_pack_id: text,
  url: text,
  original_size_url: text,
});

export const stickerPackSchema = z.object({ stickers: z.array(stickerSchema) });

export const pollingTokenSchema = z.object({ polling_token: text });
