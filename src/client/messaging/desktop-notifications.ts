// Spec 2 §6, §9: 'New message for {blog}' on the desktop for 5000 ms when a new message arrives
// while the tab is hidden; a click focuses the tab and opens that conversation. Only with the
// person's server flag (is_desktop_notifications_enabled) and the browser's permission, which is
// asked for on first use: when the flag is turned on, or at the first click of a page where it is on.
import { DESKTOP_NOTIFICATION_MS } from '../../shared/messaging/constants';
import type { PollAnswer } from './types';

export const TEXT_NEW_MESSAGE_FOR = 'New message for {blog}';
export const newMessageText = (blog: string) => TEXT_NEW_MESSAGE_FOR.replace('{blog}', blog);

type Unread = NonNullable<PollAnswer['unread_messages']>;

/** Where a browser has no Notification API (or an insecure page hides it), nothing is asked or shown. */
export const notificationsSupported = () => typeof window !== 'undefined' && typeof window.Notification === 'function';

/** Asks for the permission once it can still be asked for (not granted or denied yet). */
export async function askPermission(): Promise<NotificationPermission | 'unsupported'> {
  if (!notificationsSupported()) return 'unsupported';
  if (Notification.permission !== 'default') return Notification.permission;
  try {
    return await Notification.requestPermission();
  } catch {
    return Notification.permission;
  }
}

export interface NewMessage {
  /** The own blog's mention key (its uuid), which the conversation belongs to. */
  mentionKey: string;
  conversationId: string;
}

/**
 * The conversations whose unread count rose between two poll answers. The first answer (no
 * `before`) notifies nothing: those messages were there before this page was.
 */
export function newMessagesBetween(before: Unread | undefined, after: Unread | undefined): NewMessage[] {
  if (!before || !after) return [];
  const found: NewMessage[] = [];
  for (const [mentionKey, counts] of Object.entries(after)) {
    for (const [conversationId, count] of Object.entries(counts)) {
      if (count > (before[mentionKey]?.[conversationId] ?? 0)) found.push({ mentionKey, conversationId });
    }
  }
  return found;
}

export interface NotifyOptions {
  blog: string;
  conversationId: string;
  onOpen: () => void;
}

/**
 * Shows one notification when the flag and the permission allow it and the tab is hidden (a
 * visible tab has the badge and the sound). One per conversation at a time: a newer one replaces it.
 */
export function notifyNewMessage(enabled: boolean, { blog, conversationId, onOpen }: NotifyOptions, doc: Pick<Document, 'visibilityState'> = document) {
  if (!enabled || !notificationsSupported() || Notification.permission !== 'granted' || doc.visibilityState !== 'hidden') return null;
  const notification = new Notification(newMessageText(blog), { tag: `message-${conversationId}` });
  const timer = setTimeout(() => notification.close(), DESKTOP_NOTIFICATION_MS);
  notification.onclick = () => {
    clearTimeout(timer);
    window.focus();
    notification.close();
    onOpen();
  };
  return notification;
}
