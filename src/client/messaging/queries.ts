// Messaging's server state in the query cache (STYLE.md pattern 7): hooks over api.ts, with the
// stale times in one place. The poller writes the unread counts; windows read their messages.
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { INBOX_PAGE_THRESHOLD, UNREAD_OVERRIDE_MS } from '../../shared/messaging/constants';
import { fetchFavorites, fetchInbox, fetchParticipantInfo, messagingKeys, searchParticipants } from './api';
import type { ConversationsPage, PollAnswer } from './types';
import { linkHref } from './types';
import { unreadOverrides } from './session';
import { markReadIn } from './unread';

type Unread = NonNullable<PollAnswer['unread_messages']>;

/** The latest poll answer (written by the poller, which applies the unread overrides), and when it came. */
export function usePolledUnreadState(): { unread: Unread | undefined; updatedAt: number } {
  const { data, dataUpdatedAt } = useQuery<Unread | null>({
    queryKey: messagingKeys.unread,
    queryFn: () => null,
    enabled: false,
    staleTime: Infinity,
  });
  return { unread: data ?? undefined, updatedAt: dataUpdatedAt };
}

export const usePolledUnread = () => usePolledUnreadState().unread;

/** Opening or fetching a conversation reads it: its count shows 0 now and for the override's time. */
export function useMarkReadLocally() {
  const queryClient = useQueryClient();
  return (conversationId: string) => {
    unreadOverrides.set(conversationId, Date.now() + UNREAD_OVERRIDE_MS);
    queryClient.setQueryData<Unread | null>(messagingKeys.unread, (unread) => markReadIn(unread ?? undefined, conversationId) ?? null);
  };
}

/** The inbox of one of the user's blogs, newest first; a next page only past 10 items (spec 2 §4). */
export function useInbox(participant: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: messagingKeys.inbox(participant),
    queryFn: ({ pageParam }) => fetchInbox(participant, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ConversationsPage, pages) => {
      const count = pages.reduce((sum, page) => sum + page.conversations.length, 0);
      return count >= INBOX_PAGE_THRESHOLD ? (linkHref(last._links?.next) ?? undefined) : undefined;
    },
    enabled: enabled && Boolean(participant),
    // Spec 2 §7: not cached; every opening asks again.
    staleTime: 0,
    gcTime: 60_000,
  });
}

export function useFavorites(participant: string, limit: number, enabled: boolean) {
  return useQuery({
    queryKey: messagingKeys.favorites(participant),
    queryFn: () => fetchFavorites(participant, limit),
    enabled: enabled && Boolean(participant),
    staleTime: 60_000,
  });
}

export function useParticipantSearch(q: string, participant: string) {
  return useQuery({
    queryKey: messagingKeys.suggestions(participant, q),
    queryFn: () => searchParticipants(q, participant),
    enabled: q.trim().length > 0 && Boolean(participant),
    // Spec 2 §7: results are kept in memory by query.
    staleTime: 5 * 60_000,
  });
}

export function useParticipantInfo(uuid: string, participant: string, enabled: boolean) {
  return useQuery({
    queryKey: messagingKeys.participant(participant, uuid),
    queryFn: () => fetchParticipantInfo(uuid, participant),
    enabled: enabled && Boolean(uuid && participant),
    staleTime: 60_000,
  });
}
