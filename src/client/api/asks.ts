// Asks, the inbox and the owner's answers to what waits in it (issue 14).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PostView } from '../../shared/posts/types';
import { apiGet, apiPost } from './client';
import { postKeys, postRoots, patchLists } from './posts';

/** The page root of a blog's inbox, as the feeds read it (GET /svc/post/blog/{name}/inbox/before/{ref}). */
export const inboxRoot = (name: string) => `${postRoots.blog(name)}/inbox`;

export const askKeys = {
  counts: ['asks', 'inbox-counts'] as const,
};

export interface AskPayload {
  recipient: string;
  anonymous: boolean;
  question: string;
}

/** POST /svc/post/ask (spec 2 §7): the errors come back as the ApiError's items. */
export function useAsk() {
  return useMutation({ mutationFn: (payload: AskPayload) => apiPost<{ sent: true }>('/svc/post/ask', payload) });
}

/** What waits in each of the viewer's blogs' inboxes (the account menu's badges). */
export function useInboxCounts(enabled: boolean) {
  return useQuery({
    queryKey: askKeys.counts,
    queryFn: async () => (await apiGet<{ counts: Record<string, number> }>('/svc/blog/inbox_counts')).counts,
    enabled,
    staleTime: 30_000,
  });
}

/** After an inbox action: the item leaves the inbox, the counts and the blog's lists are read again. */
function useAfterInboxAction() {
  const queryClient = useQueryClient();
  return (post: PostView) => {
    patchLists(queryClient, (root) => root === inboxRoot(post.blog.name), (posts) => posts.filter((p) => p.id !== post.id));
    void queryClient.invalidateQueries({ queryKey: askKeys.counts });
    void queryClient.invalidateQueries({ queryKey: postKeys.page(postRoots.blog(post.blog.name)), exact: true });
    void queryClient.invalidateQueries({ queryKey: postKeys.page(postRoots.queue(post.blog.name)), exact: true });
  };
}

/** POST /approve_submission (spec 1 §7: id, queue). */
export function useApproveSubmission() {
  const after = useAfterInboxAction();
  return useMutation({
    mutationFn: ({ post, queue }: { post: PostView; queue: boolean }) => apiPost<{ post: PostView }>('/approve_submission', { id: post.id, queue }),
    onSuccess: (_answer, { post }) => after(post),
  });
}

/** POST /deny_submission (spec 1 §7: pid). */
export function useDenySubmission() {
  const after = useAfterInboxAction();
  return useMutation({
    mutationFn: (post: PostView) => apiPost<Record<string, never>>('/deny_submission', { pid: post.id }),
    onSuccess: (_answer, post) => after(post),
  });
}

/** Blocks whoever sent an ask or a submission (an anonymous asker by address), and removes it. */
export function useBlockSender() {
  const after = useAfterInboxAction();
  return useMutation({
    mutationFn: (post: PostView) => apiPost<{ blocked: 'blog' | 'address' }>('/svc/post/block_sender', { post_id: post.id }),
    onSuccess: (_answer, post) => after(post),
  });
}
