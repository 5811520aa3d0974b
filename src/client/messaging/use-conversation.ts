// One conversation window's data: its messages (newest page first, older pages by the link),
// the send queue flushed one message at a time, and the fetch of new messages the poll reports.
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { TEXT_CANNOT_SEND_POST, unreadFetchLimit } from '../../shared/messaging/constants';
import { ApiError } from '../api/client';
import { conversationOf, fetchMessages, messagingKeys, sendMessage, type ConversationTarget } from './api';
import { fetchErrorText, sendRetryText, statusOf } from './errors';
import { useMarkReadLocally } from './queries';
import { canRetryStatus, emptyQueue, nextToSend, sendQueueReducer, type Outgoing } from './send-queue';
import { playSound } from './sounds';
import { messagingUi } from './store';
import { linkHref, type Message, type MessagesPage } from './types';
import type { WindowRecord } from './windows';

/** Digit strings compare as numbers when their lengths are compared first. */
export const compareTs = (a: string, b: string) => (a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0);

const EMPTY_PAGE: MessagesPage = { messages: { data: [] } };

export const targetOf = (record: WindowRecord): ConversationTarget =>
  record.id.startsWith('new:')
    ? { participant: record.participantUuid, participants: [record.participantUuid, ...record.participants.map((p) => p.uuid)] }
    : { participant: record.participantUuid, conversationId: record.id };

/** A random key per queued message: the server stores a repeat of it once. */
const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

export function useConversation(record: WindowRecord, options: { active: boolean; otherName: string }) {
  const queryClient = useQueryClient();
  const markRead = useMarkReadLocally();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const target = useMemo(() => targetOf(record), [record.id, record.participantUuid]);
  const isNew = !target.conversationId;
  const queryKey = messagingKeys.conversation(record.participantUuid, record.id);

  const query = useInfiniteQuery({
    queryKey,
    queryFn: async ({ pageParam }) => {
      try {
        return await fetchMessages(target, { href: pageParam });
      } catch (error) {
        // Spec 2 §4: a conversation that does not exist yet is an empty one.
        if (isNew && error instanceof ApiError && error.status === 404) return EMPTY_PAGE;
        throw error;
      }
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: MessagesPage) => linkHref(last.messages._links?.next) ?? undefined,
    // Restoring fetches if never fetched: a minimized window that was never open waits.
    enabled: options.active,
    staleTime: Infinity,
    retry: false,
  });

  const pages = query.data?.pages;
  const conversation = useMemo(() => (pages?.[0] ? conversationOf(pages[0]) : null), [pages]);
  const messages = useMemo(() => {
    const seen = new Set<string>();
    const all = (pages ?? []).flatMap((page) => page.messages.data).filter((m) => !seen.has(m.ts) && seen.add(m.ts));
    return all.sort((a, b) => compareTs(a.ts, b.ts));
  }, [pages]);

  // Fetch success reads the conversation (the server marks it; the badge follows at once).
  const conversationId = target.conversationId ?? conversation?.id;
  useEffect(() => {
    if (query.isSuccess && conversationId) markRead(conversationId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.isSuccess, query.dataUpdatedAt, conversationId]);

  /** The newest messages (the poll says `unread` arrived), merged into the first page. */
  const fetchNewest = useCallback(
    async (unread: number) => {
      if (!target.conversationId) return;
      const page = await fetchMessages(target, { limit: unreadFetchLimit(unread) });
      if (page.messages.data.length > 0) playSound('receive-sound');
      queryClient.setQueryData<InfiniteData<MessagesPage, string | null>>(queryKey, (data) => {
        if (!data || data.pages.length === 0) return { pages: [page], pageParams: [null] };
        const [first, ...rest] = data.pages;
        const known = new Set(first!.messages.data.map((m) => m.ts));
        const added = page.messages.data.filter((m) => !known.has(m.ts));
        return { ...data, pages: [{ ...first!, ...page, messages: { ...first!.messages, data: [...first!.messages.data, ...added] } }, ...rest] };
      });
      markRead(target.conversationId);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [target, queryClient, record.id],
  );

  const appendSent = (message: Message) =>
    queryClient.setQueryData<InfiniteData<MessagesPage, string | null>>(queryKey, (data) => {
      if (!data) return data;
      const [first, ...rest] = data.pages;
      if (!first || first.messages.data.some((m) => m.ts === message.ts)) return data;
      return { ...data, pages: [{ ...first, messages: { ...first.messages, data: [...first.messages.data, message] } }, ...rest] };
    });

  /**
   * A new conversation becomes a real one (its first send, or a fetch that found it): the window
   * takes the id, and what it shows moves along under the new key, so it is not loaded again
   * (compose stays usable for the next message).
   */
  const renameTo = (id: string, sentPage?: MessagesPage) => {
    const before = queryClient.getQueryData<InfiniteData<MessagesPage, string | null>>(queryKey);
    const first = before?.pages[0] ?? EMPTY_PAGE;
    const merged: MessagesPage = sentPage
      ? { ...first, ...sentPage, messages: { ...first.messages, data: [...first.messages.data, ...sentPage.messages.data] } }
      : first;
    queryClient.setQueryData<InfiniteData<MessagesPage, string | null>>(messagingKeys.conversation(record.participantUuid, id), {
      pages: [merged, ...(before?.pages.slice(1) ?? [])],
      pageParams: before?.pageParams ?? [null],
    });
    messagingUi.dispatch({ type: 'rename', from: record.id, to: id });
  };

  // A conversation opened by its people that already exists takes its id (and its saved record).
  const foundId = isNew ? conversation?.id : undefined;
  useEffect(() => {
    if (foundId) renameTo(foundId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [foundId, record.id]);

  // The send queue: queued → pending → sent, one at a time, stopping at the first failure.
  const [queue, dispatch] = useReducer(sendQueueReducer, emptyQueue);
  const blocked = query.isPending || query.isError;
  const next = nextToSend(queue);
  const inFlight = useRef<string | null>(null);
  useEffect(() => {
    if (!next || blocked || inFlight.current) return;
    inFlight.current = next.key;
    dispatch({ type: 'start', key: next.key });
    playSound('send-sound');
    sendMessage(target, next)
      .then((answer) => {
        // Free before the state changes below, so the render they cause can start the next one.
        inFlight.current = null;
        const message = answer.messages.data[0];
        const sentConversation = conversationOf(answer);
        if (message) dispatch({ type: 'succeeded', key: next.key, message });
        if (message && !isNew) appendSent(message);
        void queryClient.invalidateQueries({ queryKey: messagingKeys.inboxes });
        // A new conversation becomes a real one after its first send.
        if (isNew && sentConversation?.id) renameTo(sentConversation.id, message ? { ...answer, messages: { data: [message] } } : undefined);
      })
      .catch((error: unknown) => {
        inFlight.current = null;
        const status = statusOf(error);
        const known = error instanceof ApiError && [403, 409, 429].includes(status) && (status !== 403 || [7001, 7002, 7003].includes(error.items[0]?.code ?? 0));
        const errorText = known ? fetchErrorText(error, options.otherName) : canRetryStatus(status) ? sendRetryText() : TEXT_CANNOT_SEND_POST;
        dispatch({ type: 'failed', key: next.key, status, errorText });
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [next?.key, next?.status, blocked, target]);

  // Sent copies give way to the server's once the list holds them.
  useEffect(() => {
    const known = new Set(messages.map((m) => m.ts));
    const keys = queue.items.filter((item) => item.status === 'sent' && item.sent && known.has(item.sent.ts)).map((item) => item.key);
    if (keys.length) dispatch({ type: 'settled', keys });
  }, [messages, queue.items]);

  const send = (text: string, extra: Partial<Pick<Outgoing, 'type' | 'post' | 'context' | 'image' | 'sticker'>> = {}) =>
    dispatch({
      type: 'enqueue',
      item: { key: newKey(), type: extra.type ?? 'TEXT', text, post: extra.post, context: extra.context, image: extra.image, sticker: extra.sticker, clientTs: Date.now() },
    });

  return {
    query,
    conversation,
    messages,
    outgoing: queue.items.filter((item) => item.status !== 'sent' || !item.sent || !messages.some((m) => m.ts === item.sent!.ts)),
    send,
    retry: (key: string) => dispatch({ type: 'retry', key }),
    /** Spec 2 §4: the error of a post message that failed and was removed (it had no thumbnail). */
    removedError: queue.removedError ?? null,
    dismissRemovedError: () => dispatch({ type: 'dismissError' }),
    remove: (key: string) => dispatch({ type: 'remove', key }),
    fetchNewest,
    canSend: conversation?.can_send !== false,
  };
}
