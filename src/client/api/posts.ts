import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { PostPage, PostView } from '../../shared/posts/types';
import { apiGet, apiPost, apiPostOnLeave } from './client';

/** Which end a list is read from: drafts oldest first (`after`), everything else newest first. */
export type PageDirection = 'before' | 'after';

/** The page roots of GET /svc/post/{pageRoot}/{direction}/{refPostId}. */
export const postRoots = {
  dashboard: 'dashboard',
  blog: (name: string) => `blog/${encodeURIComponent(name)}`,
  drafts: (name: string) => `blog/${encodeURIComponent(name)}/drafts`,
  queue: (name: string) => `blog/${encodeURIComponent(name)}/queue`,
  /** One post's own page (GET /svc/post/view/{blog}/{id}): a list of one, so every feed patch reaches it. */
  post: (name: string, postId: string) => `view/${encodeURIComponent(name)}/${encodeURIComponent(postId)}`,
};

// One root is always read in one direction, so the root alone names its cached pages.
export const postKeys = {
  all: ['posts'] as const,
  pages: ['posts', 'page'] as const,
  page: (root: string) => ['posts', 'page', root] as const,
};

type Pages = InfiniteData<PostPage, string>;

/** refPostId 0 asks for the start of the list. */
export const FIRST_PAGE = '0';

/**
 * Reads one page of a list that is not a /svc/post page root (the blog viewer drawer, in-blog
 * search): its pages still live under the lists' keys, so every like, reblog and edit patches them.
 * `pageParam` is '0' for the first page, then the `next` of the page before.
 */
export type PageFetcher = (pageParam: string) => Promise<PostPage>;

/** A list paged by a `before` query parameter, as the tag, likes and search lists are. */
export const beforePages =
  (path: string, params: Record<string, string> = {}): PageFetcher =>
  (ref) => {
    const query = new URLSearchParams(params);
    if (ref !== FIRST_PAGE) query.set('before', ref);
    const text = query.toString();
    return apiGet<PostPage>(text ? `${path}?${text}` : path);
  };

/** The pages of one list, loaded one at a time from the `next` of the last one. */
export function usePostPages(root: string, direction: PageDirection, fetchPage?: PageFetcher) {
  return useInfiniteQuery({
    queryKey: postKeys.page(root),
    queryFn: ({ pageParam }) =>
      fetchPage ? fetchPage(pageParam) : apiGet<PostPage>(`/svc/post/${root}/${direction}/${encodeURIComponent(pageParam)}`),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last: PostPage) => last.next ?? undefined,
    staleTime: 30_000,
  });
}

/**
 * One post for its own page. Kept in the cache as a one-page list under the lists' keys, so that
 * likes, reblogs, note counts, edits and deletes patch it as they patch every feed that holds it.
 */
export function usePostView(name: string, postId: string) {
  return useInfiniteQuery({
    queryKey: postKeys.page(postRoots.post(name, postId)),
    queryFn: async (): Promise<PostPage> => {
      const { post } = await apiGet<{ post: PostView }>(`/svc/post/${postRoots.post(name, postId)}`);
      return { posts: [post], next: null };
    },
    initialPageParam: FIRST_PAGE,
    getNextPageParam: () => undefined,
    staleTime: 30_000,
  });
}

const rootOf = (key: readonly unknown[]) => String(key[2]);
const isPendingList = (root: string) => root.endsWith('/drafts') || root.endsWith('/queue');

/** Rewrites the posts of every cached page list whose root passes `which`. */
export function patchLists(queryClient: QueryClient, which: (root: string) => boolean, patch: (posts: PostView[]) => PostView[]) {
  for (const [key, data] of queryClient.getQueriesData<Pages>({ queryKey: postKeys.pages })) {
    if (!data || !which(rootOf(key))) continue;
    queryClient.setQueryData<Pages>(key, {
      ...data,
      pages: data.pages.map((page) => ({ ...page, posts: patch(page.posts) })),
    });
  }
}

const without = (id: string) => (posts: PostView[]) => posts.filter((p) => p.id !== id);
const replacing = (post: PostView) => (posts: PostView[]) => posts.map((p) => (p.id === post.id ? post : p));

const deleteBody = (post: PostView) => ({ post_id: post.id, channel_id: post.blog.name });

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: PostView) => apiPost<Record<string, never>>('/svc/post/delete', deleteBody(post)),
    onSuccess: (_answer, post) => patchLists(queryClient, () => true, without(post.id)),
  });
}

/** Deletes a post outside a component (its card may be gone by then), then drops it from every list. */
export async function deletePostNow(queryClient: QueryClient, post: PostView): Promise<void> {
  await apiPost<Record<string, never>>('/svc/post/delete', deleteBody(post));
  patchLists(queryClient, () => true, without(post.id));
}

/** Deletes a post as the page is left: the request outlives the page. */
export function deletePostOnLeave(queryClient: QueryClient, post: PostView): void {
  apiPostOnLeave('/svc/post/delete', deleteBody(post));
  patchLists(queryClient, () => true, without(post.id));
}

/** A draft or queued post goes out now. */
export function usePublishPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: PostView) => apiPost<{ post: PostView }>('/publish', { id: post.id }),
    onSuccess: ({ post }, sent) => {
      patchLists(queryClient, isPendingList, without(sent.id));
      patchLists(queryClient, (root) => !isPendingList(root), replacing(post));
      // Where it now appears depends on the server's order: read those lists again.
      void queryClient.invalidateQueries({ queryKey: postKeys.page(postRoots.dashboard) });
      void queryClient.invalidateQueries({ queryKey: postKeys.page(postRoots.blog(post.blog.name)), exact: true });
    },
  });
}

/** A draft goes to the queue. */
export function useQueuePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: PostView) => apiPost<{ post: PostView }>('/queue', { id: post.id }),
    onSuccess: ({ post }, sent) => {
      patchLists(queryClient, (root) => root.endsWith('/drafts'), without(sent.id));
      void queryClient.invalidateQueries({ queryKey: postKeys.page(postRoots.queue(post.blog.name)) });
    },
  });
}
