// One small function per messaging call (spec 2 §7), and the query key factory (STYLE.md
// pattern 7). Hooks live in queries.ts; the poller and the windows call these directly.
import { apiDelete, apiGet, apiOnLeave, apiPostForm, apiPostMultipart } from '../api/client';
import type { Conversation, ConversationsPage, MessagesPage, Participant, PollAnswer, SendAnswer, Sticker } from './types';
import type { Outgoing } from './send-queue';

export const messagingKeys = {
  all: ['messaging'] as const,
  /** The latest poll answer: per mention key, conversation id → unread count. */
  unread: ['messaging', 'unread'] as const,
  /** Every blog's inbox: what a send, a block or a new message marks stale. */
  inboxes: ['messaging', 'inbox'] as const,
  inbox: (participant: string) => ['messaging', 'inbox', participant] as const,
  conversation: (participant: string, windowId: string) => ['messaging', 'conversation', participant, windowId] as const,
  suggestions: (participant: string, q: string) => ['messaging', 'suggestions', participant, q] as const,
  favorites: (participant: string) => ['messaging', 'favorites', participant] as const,
  /** The favourites a post can be sent to (at most `limit`), under the blog's favourites. */
  postRecipients: (participant: string, limit: number) => ['messaging', 'favorites', participant, limit, 'post'] as const,
  /** The favourites with their tags, for the inbox's suggestions. */
  favoritesWithTags: (participant: string) => ['messaging', 'favorites', participant, 'tags'] as const,
  participant: (participant: string, uuid: string) => ['messaging', 'participant', participant, uuid] as const,
  stickers: ['messaging', 'stickers'] as const,
};

const qs = (params: Record<string, string | number | boolean | string[] | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => search.append(`${key}[]`, v));
    else search.set(key, String(value));
  }
  return search.toString();
};

export const pollUnread = (token: string, mentionKeys: string[]) =>
  apiGet<PollAnswer>(`/services/poll?${qs({ token, unread_messages: true, mention_keys: mentionKeys.join(',') })}`);

/** A page of the inbox: the first, or the one a `_links` href names. */
export const fetchInbox = (participant: string, href?: string | null) =>
  apiGet<ConversationsPage>(href ?? `/svc/conversations?${qs({ participant })}`);

export interface ConversationTarget {
  participant: string;
  conversationId?: string;
  /** For a conversation not started yet: every blog's uuid, the acting blog's included. */
  participants?: string[];
}

export const fetchMessages = (target: ConversationTarget, options: { href?: string | null; limit?: number } = {}) =>
  apiGet<MessagesPage>(
    options.href ??
      `/svc/conversations/messages?${qs({
        conversation_id: target.conversationId,
        participants: target.conversationId ? undefined : target.participants,
        participant: target.participant,
        limit: options.limit,
      })}`,
  );

/** POST /svc/conversations/messages, form-encoded with the persisted fields and the idempotency key. */
export function sendMessage(target: ConversationTarget, item: Outgoing) {
  const form = new URLSearchParams();
  form.set('participant', target.participant);
  if (target.conversationId) form.set('conversation_id', target.conversationId);
  else (target.participants ?? []).forEach((uuid) => form.append('participants[]', uuid));
  form.set('type', item.type);
  if (item.type === 'TEXT') form.set('message', item.text);
  if (item.type === 'POSTREF' && item.post) {
    form.set('post[id]', item.post.id);
    if (item.post.blog_uuid) form.set('post[blog_uuid]', item.post.blog_uuid);
    if (item.text) form.set('message', item.text);
  }
  if (item.type === 'STICKER' && item.sticker) form.set('sticker_id', item.sticker.id);
  if (item.type === 'IMAGE' && item.image?.gif) {
    form.set('post[id]', item.image.gif.postId);
    form.set('post[blog_uuid]', item.image.gif.postBlogUuid);
    form.set('image_url', item.image.gif.mediaUrl);
  }
  if (item.type === 'IMAGE' && item.image?.alt?.trim()) form.set('alt_text', item.image.alt);
  if (item.context) form.set('context', item.context);
  form.set('idempotency_key', item.key);
  if (item.type === 'IMAGE' && item.image?.file) {
    // Spec 2 §7: an image is a file upload with the form's fields, the file under `data`.
    const multipart = new FormData();
    form.forEach((value, key) => multipart.append(key, value));
    multipart.append('data', item.image.file, item.image.file.name || 'image');
    return apiPostMultipart<SendAnswer>('/svc/conversations/messages', multipart);
  }
  return apiPostForm<SendAnswer>('/svc/conversations/messages', form);
}

/** The product's sticker pack. */
export const fetchStickers = () => apiGet<{ stickers: Sticker[] }>('/svc/conversations/stickers');

/** POST /svc/conversations/flag: unblur (images of this conversation, every device) or spam. */
export function flagConversation(conversationId: string, participant: string, type: 'unblur' | 'spam', context = 'inline') {
  const form = new URLSearchParams({ conversation_id: conversationId, participant, type });
  if (type === 'spam') form.set('context', context);
  return apiPostForm<unknown>('/svc/conversations/flag', form);
}

/** One conversation as the acting blog sees it (its participants, the acting blog included). */
export const fetchConversation = (conversationId: string, participant: string) =>
  apiGet<Conversation>(`/svc/conversations/conversation?${qs({ conversation_id: conversationId, participant })}`);

/** One message gone for the viewer only; an unread one comes back with the conversation's new count. */
export const deleteMessage = (conversationId: string, participant: string, messageId: string) =>
  apiDelete<{ message_id: string; is_deleted: boolean; unread_messages_count?: number }>(`/svc/conversations/messages/${encodeURIComponent(messageId)}?${qs({ conversation_id: conversationId, participant })}`);

/** A message reported to the admins. */
export const reportMessage = (conversationId: string, participant: string, messageId: string) =>
  apiPostForm<unknown>('/svc/conversations/report', new URLSearchParams({ conversation_id: conversationId, participant, message_id: messageId }));

const conversationUrl = (conversationId: string, participant: string) => `/svc/conversations/messages?${qs({ conversation_id: conversationId, participant })}`;
export const deleteConversation = (conversationId: string, participant: string) => apiDelete<unknown>(conversationUrl(conversationId, participant));
/** The same, as the page is left (its Undo time cut short). */
export const deleteConversationOnLeave = (conversationId: string, participant: string) => apiOnLeave('DELETE', conversationUrl(conversationId, participant));

export const fetchParticipantInfo = (uuid: string, participant: string) =>
  apiGet<Participant | { blog: Participant }>(`/svc/conversations/participant_info?${qs({ q: uuid, participant })}`).then(unwrapBlog);

const unwrapBlog = (answer: Participant | { blog: Participant }): Participant => ('blog' in answer ? answer.blog : answer);

export const searchParticipants = (q: string, participant: string) =>
  apiGet<{ blogs: Participant[] }>(`/svc/conversations/participant_suggestions?${qs({ q, participant })}`);

/** The new empty inbox's suggestions: favorites with their top two tags. */
export const fetchSuggestionsWithTags = (participant: string, limit: number) =>
  apiGet<{ blogs: Participant[] }>(
    `/svc/conversations/participant_suggestions?${qs({ limit, participant, include_recent: true, exclude_active: true, include_tags: true })}`,
  );

export const fetchFavorites = (participant: string, limit: number) =>
  apiGet<{ blogs: Participant[]; recently_followed?: boolean }>(
    `/svc/conversations/participant_suggestions?${qs({ limit, participant, include_recent: true, exclude_active: true })}`,
  );

/**
 * The send-a-post popover's list (spec 2 §7 flag=post): favorites, plus `suggested`, the blogs
 * the sender talked with most recently (the extra suggested recipients).
 */
export const fetchPostRecipients = (participant: string, limit: number) =>
  apiGet<{ blogs: Participant[]; suggested?: Participant[] }>(
    `/svc/conversations/participant_suggestions?${qs({ limit, participant, include_recent: true, exclude_active: true, flag: 'post' })}`,
  );

/** The conversation around a page of messages, or null for one not started yet. */
export function conversationOf(answer: MessagesPage | SendAnswer): Partial<Conversation> | null {
  if (!answer.id) return null;
  const { messages: _messages, ...conversation } = answer;
  return conversation;
}
