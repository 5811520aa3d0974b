// Follow, unfollow and subscribe (spec 1 §4, STYLE.md pattern 8) on the optimistic toggle shared
// with likes: the button changes at once in every cache that holds the blog; the calls for one blog
// run one after another; a failed call puts back the last state the server confirmed, and its
// promise rejects.
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Blog, FollowState } from '../../shared/types';
import { blogKeys } from './blogs';
import { apiDelete, apiGet, apiPost } from './client';
import { requestToggle, type ToggleTarget } from './optimistic-toggle';
import { postKeys, postRoots } from './posts';
import { userKeys } from './user';
import { logDrawerAction } from '../logging/drawer-log';

export type FollowedBlog = Blog & { following: boolean; is_subscribed: boolean; can_subscribe?: boolean };
export interface FollowingPage {
  blogs: FollowedBlog[];
  next: string | null;
}

export const followKeys = {
  following: ['follows', 'following'] as const,
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

/** The line of follow and subscription calls of one blog, on the shared toggle mechanism. */
function followTarget(queryClient: QueryClient, name: string): ToggleTarget<FollowState> {
  return {
    key: `follow:${name}`,
    current: () => cachedFollowState(queryClient, name) ?? followStateAfter(false),
    show: (state) => patchFollowState(queryClient, name, state),
  };
}

/** Follow or unfollow one blog: `mutateAsync(true)` follows, `mutateAsync(false)` unfollows. */
export function useFollow(name: string, extra: { source?: string } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: followKeys.mutation(name),
    mutationFn: (follow: boolean) => {
      logDrawerAction('follow', { blog: name, follow });
      return requestToggle(queryClient, followTarget(queryClient, name), {
        kind: 'follow',
        next: (state) => followStateAfter(follow, state),
        needed: (confirmed) => confirmed.following !== follow,
        send: () => apiPost<FollowState>(follow ? '/svc/follow' : '/svc/unfollow', { tumblelog: name, ...extra }),
      });
    },
    onSettled: () => {
      // friend_count in user info counts follows.
      void queryClient.invalidateQueries({ queryKey: userKeys.info });
      // The dashboard gains or loses the blog's posts the next time it is opened, not under the
      // reader's eyes: refetched in place, every loaded page came again and the blog's posts left
      // the list above the reader, who lost their place (issue 25.7).
      void queryClient.invalidateQueries({ queryKey: postKeys.page(postRoots.dashboard), refetchType: 'none' });
    },
  });
}

/** Subscribe (true) or unsubscribe (false) to a followed blog's new posts. */
export function useSubscription(name: string) {
  const queryClient = useQueryClient();
  const path = `/svc/blog/${encodeURIComponent(name)}/subscription`;
  const target = followTarget(queryClient, name);
  return useMutation({
    mutationKey: followKeys.mutation(name),
    mutationFn: (subscribe: boolean) =>
      requestToggle(queryClient, target, {
        kind: 'subscribe',
        next: (state) => ({ ...state, is_subscribed: subscribe }),
        needed: (confirmed) => confirmed.is_subscribed !== subscribe,
        // The answer names the subscription only; the follow state around it stands.
        send: async () => ({
          ...(cachedFollowState(queryClient, name) ?? followStateAfter(true)),
          ...(await (subscribe ? apiPost : apiDelete)<{ is_subscribed: boolean }>(path, {})),
        }),
      }),
  });
}
