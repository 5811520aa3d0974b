// What messaging shares across its modules for the page's life: the user as messaging reads
// them, the one poller, and the unread overrides of conversations just opened.
import type { UserInfoResponse } from '../../shared/types';
import type { MessagingPoller } from './poller';
import type { MessagingChannel } from './unread';

/** User info as messaging reads it: the poll token and server data it adds (spec 2 §3). */
export interface MessagingUser {
  name: string;
  is_verified_email: boolean;
  polling_token?: string;
  polling_frequency_inbox?: number;
  polling_frequency_conversation?: number;
  /** The largest image a message may carry (server data; 10485760 when absent). */
  messaging_max_image_bytes?: number;
  /** Favorites show below an inbox list of at most this many conversations (server data; 3 when absent). */
  messaging_inbox_favorites_append_limit?: number;
  channels: Array<MessagingChannel & { name: string; avatar_url?: string; url: string }>;
}

export const messagingUserOf = (info: UserInfoResponse) => info.user as unknown as MessagingUser;

/**
 * Whether messaging shows at all (spec 1 §6: the tab appears only if can_message; otherwise
 * hidden): the inbox tab, the conversation windows, a post's send control, 'Send a message'.
 * The one rule every entry point reads, so an unverified account is offered none of them.
 */
export const mayMessage = (user: { can_message?: boolean } | null | undefined) => user?.can_message === true;

let poller: MessagingPoller | null = null;
/** The one poller of the page, while a verified user is logged in. */
export const messagingPoller = () => poller;
export const setMessagingPoller = (next: MessagingPoller | null) => {
  poller = next;
};

/** Conversation id → until when (ms) its unread count shows 0 whatever a poll says (spec 2 §4). */
export const unreadOverrides = new Map<string, number>();
