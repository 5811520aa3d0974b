// Follow, unfollow and subscribe (spec 1 §4, STYLE.md pattern 8). The button changes at once in
// every cache that holds the blog; the calls for one blog run one after another; a failed call
// puts back the last state the server confirmed, and its promise rejects.
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Blog, FollowState } from '../../shared/types';
import { blogKeys } from './blogs';
import { apiDelete, apiGet, apiPost } from './client';
import { postKeys, postRoots } from './posts';
import { userKeys } from './user';

export type FollowedBlog = Blog & { following: boolean; is_subscribed: boolean; can_subscribe?: boolean };
export interface FollowingPage {
  blogs: FollowedBlog[];
  next: string | null;
}

export const followKeys = {
  following: ['follows', 'following'] as const,
  /** Follow and subscription calls of one blog share this scope: they run in order. */
  scope: (name: string) => `follow:${name}`,
  mutation: (name: string) => ['follows', 'mutation', name] as const,
};

type FollowingPages = InfiniteData<FollowingPage, string | null>;

/** The blogs the viewer follows, newest follow first, a page at a time. */
export function useFollowingPages() {
  return useInfiniteQuery({
    queryKey: followKeys.following,
    queryFn: ({ pageParam }) =>
      apiGet<FollowingPage>(`/svc/following${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last: FollowingPage) => last.next ?? undefined,
    staleTime: 30_000,
  });
}

/** The state a follow or unfollow leads to (spec 1 §4). */
export function followStateAfter(following: boolean, before?: Partial<FollowState>): FollowState {
  return following
    ? { following: true, can_subscribe: true, is_subscribed: before?.following ? Boolean(before.is_subscribed) : false }
    : { following: false, can_subscribe: false, is_subscribed: false };
}

type BlogLike = { name: string } & Partial<FollowState>;
const isBlogLike = (value: unknown, name: string): value is BlogLike =>
  typeof value === 'object' && value !== null && (value as { name?: unknown }).name === name;

/** Writes a blog's follow state into every cache that holds the blog. */
export function patchFollowState(queryClient: QueryClient, name: string, patch: Partial<FollowState>) {
  for (const [key, data] of queryClient.getQueriesData<unknown>({ queryKey: blogKeys.all })) {
    if (isBlogLike(data, name)) queryClient.setQueryData(key, { ...data, ...patch });
  }
  queryClient.setQueryData<FollowingPages>(followKeys.following, (pages) =>
    pages && {
      ...pages,
      pages: pages.pages.map((page) => ({ ...page, blogs: page.blogs.map((blog) => (blog.name === name ? { ...blog, ...patch } : blog)) })),
    },
  );
}

/** The follow state the caches hold for a blog, if any of them knows it. */
export function cachedFollowState(queryClient: QueryClient, name: string): FollowState | null {
  for (const [, data] of queryClient.getQueriesData<unknown>({ queryKey: blogKeys.all })) {
    if (isBlogLike(data, name) && typeof data.following === 'boolean') {
      return { following: data.following, can_subscribe: Boolean(data.can_subscribe), is_subscribed: Boolean(data.is_subscribed) };
    }
  }
  const listed = queryClient.getQueryData<FollowingPages>(followKeys.following)?.pages.flatMap((p) => p.blogs).find((b) => b.name === name);
  return listed ? { following: listed.following, can_subscribe: listed.following, is_subscribed: listed.is_subscribed } : null;
}

// The last state the server confirmed, per blog, while calls are in flight (one book per cache,
// so tests and logouts start clean).
const ledgers = new WeakMap<QueryClient, Map<string, FollowState>>();
function ledgerOf(queryClient: QueryClient) {
  let ledger = ledgers.get(queryClient);
  if (!ledger) ledgers.set(queryClient, (ledger = new Map()));
  return ledger;
}

/** Runs one optimistic change of a blog's follow state as a scoped mutation's callbacks. */
function optimisticFollowCallbacks(queryClient: QueryClient, name: string) {
  const ledger = ledgerOf(queryClient);
  const othersPending = () => queryClient.isMutating({ mutationKey: followKeys.mutation(name) }) > 1;
  return {
    start(next: (current: FollowState) => FollowState) {
      const current = cachedFollowState(queryClient, name) ?? followStateAfter(false);
      if (!ledger.has(name)) ledger.set(name, current);
      patchFollowState(queryClient, name, next(current));
    },
    confirmed(patch: Partial<FollowState>) {
      const state = { ...(ledger.get(name) ?? followStateAfter(false)), ...patch };
      ledger.set(name, state);
      // A later call is waiting: its optimistic state stays on screen until it answers.
      if (!othersPending()) patchFollowState(queryClient, name, state);
    },
    failed() {
      const state = ledger.get(name);
      if (state) patchFollowState(queryClient, name, state);
    },
    settled() {
      if (!othersPending()) ledger.delete(name);
    },
  };
}

/** Follow or unfollow one blog: `mutateAsync(true)` follows, `mutateAsync(false)` unfollows. */
export function useFollow(name: string, extra: { source?: string } = {}) {
  const queryClient = useQueryClient();
  const callbacks = optimisticFollowCallbacks(queryClient, name);
  return useMutation({
    mutationKey: followKeys.mutation(name),
    scope: { id: followKeys.scope(name) },
    mutationFn: (follow: boolean) => apiPost<FollowState>(follow ? '/svc/follow' : '/svc/unfollow', { tumblelog: name, ...extra }),
    onMutate: (follow) => callbacks.start((current) => followStateAfter(follow, current)),
    onSuccess: (state) => callbacks.confirmed(state),
    onError: () => callbacks.failed(),
    onSettled: () => {
      callbacks.settled();
      // friend_count in user info counts follows; the dashboard gains or loses the blog's posts.
      void queryClient.invalidateQueries({ queryKey: userKeys.info });
      void queryClient.invalidateQueries({ queryKey: postKeys.page(postRoots.dashboard) });
    },
  });
}

/** Subscribe (true) or unsubscribe (false) to a followed blog's new posts. */
export function useSubscription(name: string) {
  const queryClient = useQueryClient();
  const callbacks = optimisticFollowCallbacks(queryClient, name);
  const path = `/svc/blog/${encodeURIComponent(name)}/subscription`;
  return useMutation({
    mutationKey: followKeys.mutation(name),
    scope: { id: followKeys.scope(name) },
    mutationFn: (subscribe: boolean) => (subscribe ? apiPost : apiDelete)<{ is_subscribed: boolean }>(path, {}),
    onMutate: (subscribe) => callbacks.start((current) => ({ ...current, is_subscribed: subscribe })),
    onSuccess: (answer) => callbacks.confirmed(answer),
    onError: () => callbacks.failed(),
    onSettled: () => callbacks.settled(),
  });
}
