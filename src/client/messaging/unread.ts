// Unread counts: the header badge's sum and the per-blog counts of the inbox's blog selector.
import { UNREAD_BADGE_MAX } from '../../shared/messaging/constants';
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
 * One blog's unread messages: from the latest poll when it has the blog's mention key, else what
 * user info said (unread_messages_count_sum).
 */
export function channelUnread(channel: MessagingChannel, polled: PollAnswer['unread_messages'] | undefined): number {
  const counts = channel.mention_key ? polled?.[channel.mention_key] : undefined;
  if (!counts) return channel.unread_messages_count_sum ?? 0;
  return Object.values(counts).reduce((sum, n) => sum + (Number.isFinite(n) && n > 0 ? n : 0), 0);
}

/** The header badge: unread across all of the user's messaging blogs. */
export const unreadSum = (channels: MessagingChannel[], polled: PollAnswer['unread_messages'] | undefined) =>
  messagingChannels(channels).reduce((sum, channel) => sum + channelUnread(channel, polled), 0);

/** '99+' above 99. */
export const capCount = (count: number, max: number = UNREAD_BADGE_MAX) => (count > max ? `${max}+` : String(count));
