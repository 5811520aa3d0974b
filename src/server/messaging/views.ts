// Messaging JSON (spec 2 §3): pure functions of rows already loaded.
import { linkEntries } from '../../shared/messaging/links';
import type { ConversationView, Links, MessageImageView, MessageView, PageLink, ParticipantView, PostRefView } from '../../shared/messaging/api';
import type { BlogRow } from '../db/tables/blog';
import type { MessageRow } from '../db/tables/messaging';
import { avatarUrl } from '../hydration/avatar-url';
import { themeView } from '../hydration/blog-views';
import { blogUrl } from '../hydration/post-views';
import { isSiteMedia } from '../media/urls';
import { mayReach } from '../visibility';
import { stickerView } from './stickers';

/** A blog with the viewer's follow flags about it, as participants.ts loads it. */
export type ParticipantRow = BlogRow & { is_following_blog: boolean; is_blog_following_you: boolean };

/** The id's high bits are milliseconds since 1970 (the next_id() migration). */
export const idTime = (id: string) => Number(BigInt(id) >> 16n);

export function participantView(row: ParticipantRow, publicUrl: string): ParticipantView {
  const theme = themeView(row.theme);
  return {
    uuid: row.uuid,
    name: row.name,
    url: blogUrl(publicUrl, row.name),
    title: row.title,
    description: row.description,
    avatar_url: avatarUrl(publicUrl, row, 128),
    avatar_url_48: avatarUrl(publicUrl, row, 48),
    is_adult: row.is_adult || row.is_nsfw,
    can_receive_messages: row.can_receive_messages,
    is_blog_following_you: row.is_blog_following_you,
    is_following_blog: row.is_following_blog,
    theme,
    global_theme_params: theme,
  };
}

/** Whether the acting blog may send to this one now (spec 2 §3 can_send): neither suspended (visibility.ts), and the other takes it. */
export const canSendTo = (other: ParticipantRow, acting: { is_suspended: boolean; deleted_at: Date | null }) =>
  mayReach(acting) && mayReach(other) && other.can_receive_messages && (!other.messages_from_followed_only || other.is_blog_following_you);

/** Spec 2 §6: the other blog's images are blurred while the viewer does not follow it, until unblurred. */
export const blurred = (imagesUnblurred: boolean, other: ParticipantRow) => !imagesUnblurred && !other.is_following_blog;

/**
 * A stored image as it may be shown: only sizes the site serves (media/urls.ts isSiteMedia). A GIF
 * stored before sending refused linked ones may name another site's address; shown, it would call
 * that site whenever the conversation opens. With no size of ours left it is not shown at all, and
 * the message reads as unavailable (spec 2 §3 IMAGE without images).
 */
export function siteImage(image: MessageImageView, publicUrl: string): MessageImageView | null {
  const ours = (image.alt_sizes ?? []).filter((size) => isSiteMedia(size.url, publicUrl));
  const alt = image.alt_text ? { alt_text: image.alt_text } : {};
  if (isSiteMedia(image.original_size.url, publicUrl)) return { original_size: image.original_size, alt_sizes: ours, ...alt };
  const [largest] = [...ours].sort((a, b) => (b.width ?? 0) - (a.width ?? 0));
  return largest ? { original_size: largest, alt_sizes: ours, ...alt } : null;
}

export function messageView(row: MessageRow, senderUuid: string, post: PostRefView | undefined, publicUrl: string): MessageView {
  const image = row.type === 'IMAGE' && row.image ? siteImage(row.image as MessageImageView, publicUrl) : null;
  return {
    type: row.type,
    ts: row.id,
    timestamp: idTime(row.id),
    conversation_id: row.conversation_id,
    participant: senderUuid,
    content: { text: row.content.text, formatting: linkEntries(row.content.formatting) },
    // The post sent, or the post a text links to (drawn as its card under the text).
    ...((row.type === 'POSTREF' || row.type === 'TEXT') && post ? { post } : {}),
    ...(image ? { images: [image] } : {}),
    ...(row.type === 'STICKER' && row.sticker_id ? { sticker_id: row.sticker_id, sticker: stickerView(publicUrl, row.sticker_id) } : {}),
    context: row.context,
  };
}

export interface ConversationParts {
  id: string;
  last_modified_ts: string;
  last_read_ts: string;
  unread_count: number;
  participants: ParticipantView[];
  can_send: boolean;
  is_possible_spam: boolean;
  is_blurred_images: boolean;
  last_message: MessageView | null;
}

export function conversationView(parts: ConversationParts): ConversationView {
  return {
    object_type: 'conversation',
    id: parts.id,
    status: 'ACTIVE',
    last_modified_ts: parts.last_modified_ts,
    last_read_ts: parts.last_read_ts,
    unread_messages_count: parts.unread_count,
    can_send: parts.can_send,
    is_possible_spam: parts.is_possible_spam,
    is_blurred_images: parts.is_blurred_images,
    participants: parts.participants,
    last_message: parts.last_message,
  };
}

export function pageLink(path: string, query: Record<string, string>): PageLink {
  return { href: `${path}?${new URLSearchParams(query).toString()}`, method: 'GET', query_params: query };
}

export const noLinks = (): Links => ({});
