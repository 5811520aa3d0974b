import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { setSoundsEnabled } from './sounds';
import type { UserInfoResponse } from '../../shared/types';
import { RESTORE_STAGGER_MS, PERSIST_FLUSH_MS } from '../../shared/messaging/constants';
import { messagingKeys, pollUnread } from './api';
import { ConversationWindows } from './ConversationWindows';
import { MessagingPoller, unreadChanged } from './poller';
import { messagingUi, pollModeOf } from './store';
import { connectStream } from './stream';
import type { PollAnswer } from './types';
import { mayMessage, messagingPoller, messagingUserOf, setMessagingPoller, unreadOverrides } from './session';
import { applyOverrides, messagingChannels } from './unread';
import { clearSavedWindows, loadWindows, saveWindows } from './windows';
import { useDesktopNotifications } from './use-desktop-notifications';

/**
 * Messaging's life on every page of a logged-in user: the poller and the live stream (only for
 * a verified email, spec 2 §6), the windows saved and restored per user, and the windows layer.
 */
export function MessagingRoot({ info }: { info: UserInfoResponse | null | undefined }) {
  const queryClient = useQueryClient();
  const user = info ? messagingUserOf(info) : null;
  const userName = user?.name ?? null;
  const token = user?.is_verified_email ? user.polling_token : undefined;
  const mentionKeys = user ? messagingChannels(user.channels).flatMap((c) => (c.mention_key ? [c.mention_key] : [])) : [];
  const mentionKeyList = mentionKeys.join(',');
  const soundsOn = Boolean(info?.user && (info.user as { is_sounds_enabled?: boolean }).is_sounds_enabled);
  useEffect(() => setSoundsEnabled(soundsOn), [soundsOn]);
  const multiWindowOn = Boolean(info?.user.is_multi_window_enabled);
  useEffect(() => messagingUi.setMultiWindow(multiWindowOn), [multiWindowOn]);
  useDesktopNotifications(token ? info : null);

  // The poller: one per token, fed the query cache.
  useEffect(() => {
    if (!token) return;
    const keys = mentionKeyList ? mentionKeyList.split(',') : [];
    // When the poll being answered was asked (one poll at a time): the unread override zeroes
    // only counts a poll may have read before the conversation was read (unread.ts).
    let askedAt = 0;
    const instance = new MessagingPoller({
      fetch: () => {
        askedAt = Date.now();
        return pollUnread(token, keys);
      },
      onAnswer: (answer: PollAnswer) => {
        const before = queryClient.getQueryData<PollAnswer['unread_messages']>(messagingKeys.unread);
        const changed = unreadChanged(before, answer.unread_messages);
        if (answer.unread_messages) {
          queryClient.setQueryData(messagingKeys.unread, applyOverrides(answer.unread_messages, unreadOverrides, Date.now(), askedAt));
        }
        // Rows of an open inbox show the new last messages too.
        if (changed) void queryClient.invalidateQueries({ queryKey: messagingKeys.inboxes });
        return changed;
      },
    });
    setMessagingPoller(instance);
    const follow = () => instance.setMode(pollModeOf(messagingUi.get()));
    follow();
    const unsubscribe = messagingUi.subscribe(follow);
    const stream = connectStream(token, () => instance.poke(), undefined, (connected) => instance.setStreamConnected(connected));
    return () => {
      unsubscribe();
      stream.close();
      instance.reset();
      if (messagingPoller() === instance) setMessagingPoller(null);
    };
  }, [token, mentionKeyList, queryClient]);

  useEffect(() => {
    messagingPoller()?.setFrequencies({ inbox: user?.polling_frequency_inbox, conversation: user?.polling_frequency_conversation });
  }, [token, user?.polling_frequency_inbox, user?.polling_frequency_conversation]);

  // Windows: restored after a reload one after the other, saved as they change, cleared at logout.
  const lastUser = useRef<string | null>(null);
  useEffect(() => {
    if (!userName) {
      if (lastUser.current) clearSavedWindows(localStorage, lastUser.current);
      lastUser.current = null;
      messagingUi.dispatch({ type: 'clear' });
      return;
    }
    lastUser.current = userName;
    const saved = loadWindows(localStorage, userName);
    const timers: Array<ReturnType<typeof setTimeout>> = [];
    let restoring = true;
    // Oldest first, so the last opened ends up first again; minimized ones stay minimized.
    [...saved].reverse().forEach((record, i) => {
      timers.push(
        setTimeout(() => {
          messagingUi.dispatch({ type: 'load', windows: [...messagingUi.get().windows.filter((w) => w.id !== record.id), record] });
          if (i === saved.length - 1) restoring = false;
        }, i * RESTORE_STAGGER_MS),
      );
    });
    if (saved.length === 0) restoring = false;
    let flush: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = messagingUi.subscribe(() => {
      if (restoring) return;
      if (flush) clearTimeout(flush);
      flush = setTimeout(() => saveWindows(localStorage, userName, messagingUi.get().windows), PERSIST_FLUSH_MS);
    });
    return () => {
      timers.forEach(clearTimeout);
      if (flush) clearTimeout(flush);
      unsubscribe();
    };
  }, [userName]);

  if (!info || !user || !mayMessage(info.user)) return null;
  return <ConversationWindows info={info} />;
}
