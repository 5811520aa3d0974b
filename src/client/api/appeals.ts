// Sensitive content and appeals (issue 15): the owner's appeal, the admins' mark, queue and decision.
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { AppealAnswer, AppealsPage } from '../../shared/appeals';
import { apiGet, apiPost } from './client';
import { postKeys } from './posts';

export const appealKeys = {
  queue: ['moderation', 'appeals'] as const,
};

// Spec 2 §4: a new appeal request aborts any pending one.
let pending: AbortController | null = null;

/** POST /svc/appeal: state 3 asks for a review, 2 dismisses the offer. */
export function requestAppeal(postId: string, blogName: string, state: 2 | 3): Promise<AppealAnswer> {
  pending?.abort();
  const controller = new AbortController();
  pending = controller;
  return apiPost<AppealAnswer>('/svc/appeal', { post_id: postId, blog_name: blogName, state: String(state) }, controller.signal).finally(() => {
    if (pending === controller) pending = null;
  });
}

export const markSensitive = (postId: string, sensitive: boolean) =>
  apiPost<AppealAnswer>('/svc/moderation/post/sensitive', { post_id: postId, sensitive: sensitive ? '1' : '0' });

export const decideAppeal = (postId: string, sensitive: boolean) =>
  apiPost<AppealAnswer & { emailed: boolean }>('/svc/moderation/appeal/decide', { post_id: postId, sensitive: sensitive ? '1' : '0' });

/** The appeals waiting for a decision, newest first, a page at a time (admins only). */
export function useAppeals() {
  return useInfiniteQuery({
    queryKey: appealKeys.queue,
    queryFn: ({ pageParam }) => apiGet<AppealsPage>(`/svc/admin/appeals${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last: AppealsPage) => last.next ?? undefined,
  });
}

type Pages = InfiniteData<AppealsPage, string | null>;

/** A decided appeal leaves the queue; the lists that show the post read it again. */
export function useDecideAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, sensitive }: { postId: string; sensitive: boolean }) => decideAppeal(postId, sensitive),
    onSuccess: ({ post_id }) => {
      queryClient.setQueryData<Pages>(appealKeys.queue, (pages) =>
        pages && { ...pages, pages: pages.pages.map((page) => ({ ...page, appeals: page.appeals.filter((a) => a.post.id !== post_id) })) },
      );
      void queryClient.invalidateQueries({ queryKey: postKeys.pages });
    },
  });
}

/** An admin marks a post sensitive (or lifts the mark); the lists that show it read it again. */
export function useMarkSensitive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, sensitive }: { postId: string; sensitive: boolean }) => markSensitive(postId, sensitive),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: postKeys.pages }),
  });
}
