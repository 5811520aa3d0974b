// Unread counts: the header badge's sum and the per-blog counts of the inbox's blog selector.
import { UNREAD_BADGE_MAX, UNREAD_OVERRIDE_MS } from '../../shared/messaging/constants';
import type { PollAnswer } from './types';

export interface MessagingChannel {
  name: string;
  uuid: string;
  mention_key?: string;
  is_messaging_bot?: boolean;
  unread_messages_count_sum?: number;
}

/** The channels that take part in messaging: every blog but a messaging bot. */
export const messagingChannels = <C extends MessagingChannel>(channels: C[]) => channels.filter((c) => !c.is_messaging_bot);

/**
 * One blog's unread messages: from a poll answer when there is one (which leaves out the blogs
 * with nothing unread), else what user info said (unread_messages_count_sum).
 */
export function channelUnread(channel: MessagingChannel, polled: PollAnswer['unread_messages'] | undefined): number {
  if (!polled || !channel.mention_key) return channel.unread_messages_count_sum ?? 0;
  const counts = polled[channel.mention_key] ?? {};
  return Object.values(counts).reduce((sum, n) => sum + (Number.isFinite(n) && n > 0 ? n : 0), 0);
}

/** The header badge: unread across all of the user's messaging blogs. */
export const unreadSum = (channels: MessagingChannel[], polled: PollAnswer['unread_messages'] | undefined) =>
  messagingChannels(channels).reduce((sum, channel) => sum + channelUnread(channel, polled), 0);

/** '99+' above 99. */
export const capCount = (count: number, max: number = UNREAD_BADGE_MAX) => (count > max ? `${max}+` : String(count));

/**
 * Spec 2 §4 "unread override": opening a conversation shows 0 unread for it for a while (500 ms),
 * whatever a poll answered meanwhile (the poll may predate the read).
 *
 * `askedAt`: when the poll was asked. Only a poll asked before the conversation was read can
 * predate the read; one asked after it counts messages that came since, and must not be zeroed
 * (issue 22: a text sent right after an image came within the image's 500 ms, its count was
 * zeroed, and the open window showed it only after a reload).
 */
export function applyOverrides(
  unread: NonNullable<PollAnswer['unread_messages']>,
  overrides: ReadonlyMap<string, number>,
  now: number,
  askedAt = Number.NEGATIVE_INFINITY,
): NonNullable<PollAnswer['unread_messages']> {
  const active = [...overrides].filter(([, until]) => until > now && askedAt < until - UNREAD_OVERRIDE_MS).map(([id]) => id);
  if (active.length === 0) return unread;
  return Object.fromEntries(
    Object.entries(unread).map(([key, counts]) => [key, Object.fromEntries(Object.entries(counts).map(([id, n]) => [id, active.includes(id) ? 0 : n]))]),
  );
}

/** Sets one conversation's count to 0 everywhere in a poll answer. */
export const markReadIn = (unread: PollAnswer['unread_messages'] | undefined, conversationId: string) =>
  unread && Object.fromEntries(Object.entries(unread).map(([key, counts]) => [key, { ...counts, [conversationId]: 0 }]));

/** Sets one conversation's count (where a poll listed it) to what the server answered. */
export const setUnreadIn = (unread: PollAnswer['unread_messages'] | undefined, conversationId: string, count: number) =>
  unread &&
  Object.fromEntries(Object.entries(unread).map(([key, counts]) => [key, conversationId in counts ? { ...counts, [conversationId]: count } : counts]));

/** A conversation's unread count in the latest poll. */
export const conversationUnread = (unread: PollAnswer['unread_messages'] | undefined, conversationId: string) =>
  Object.values(unread ?? {}).reduce((sum, counts) => sum + (counts[conversationId] ?? 0), 0);
