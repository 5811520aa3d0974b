// Desktop notifications beside the poller, not inside it: every change of the polled unread
// counts in the query cache is compared with the one before, whoever wrote it (poll or stream).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { UserInfoResponse } from '../../shared/types';
import { fetchConversation, messagingKeys } from './api';
import { askPermission, newMessagesBetween, notificationsSupported, notifyNewMessage } from './desktop-notifications';
import { openConversation } from './open';
import { messagingUserOf, type MessagingUser } from './session';
import type { PollAnswer } from './types';
import { messagingChannels } from './unread';

type Unread = NonNullable<PollAnswer['unread_messages']>;

export function useDesktopNotifications(info: UserInfoResponse | null | undefined) {
  const queryClient = useQueryClient();
  const enabled = Boolean(info?.user.is_desktop_notifications_enabled);
  // The channels as of now, read when a notification is built (not a reason to resubscribe).
  const channels = useRef<ReturnType<typeof messagingChannels<MessagingUser['channels'][number]>>>([]);
  useEffect(() => {
    channels.current = info ? messagingChannels(messagingUserOf(info).channels) : [];
  }, [info]);

  // Permission on first use: the flag is on and the browser has not been asked yet, so the first
  // click on the page asks (browsers want a click before they show the question).
  useEffect(() => {
    if (!enabled || !notificationsSupported() || Notification.permission !== 'default') return;
    const ask = () => void askPermission();
    document.addEventListener('click', ask, { once: true, capture: true });
    return () => document.removeEventListener('click', ask, { capture: true });
  }, [enabled]);

  useEffect(() => {
    if (!enabled) return;
    let last = queryClient.getQueryData<Unread | null>(messagingKeys.unread) ?? undefined;
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryHash !== JSON.stringify(messagingKeys.unread)) return;
      const next = (event.query.state.data as Unread | null | undefined) ?? undefined;
      const found = newMessagesBetween(last, next);
      last = next;
      for (const { mentionKey, conversationId } of found) {
        const channel = channels.current.find((c) => (c.mention_key ?? c.uuid) === mentionKey);
        if (!channel) continue;
        notifyNewMessage(true, {
          blog: channel.name,
          conversationId,
          onOpen: () => {
            fetchConversation(conversationId, channel.uuid).then(
              (conversation) => openConversation(channel.uuid, conversation.participants.filter((p) => p.uuid !== channel.uuid), conversation.id),
              // Gone meanwhile (deleted, blocked): the tab is focused, the inbox tells the rest.
              () => undefined,
            );
          },
        });
      }
    });
  }, [enabled, queryClient]);
}
