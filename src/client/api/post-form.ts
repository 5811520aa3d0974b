// The post form's calls: what it needs to open (blogs and limits, the post to edit or reblog)
// and the save. Feed pages keep their own keys under ['posts'].
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LIMITS } from '../../shared/constants';
import type { PostFormSource, PostView, SaveResponse } from '../../shared/posts/types';
import type { Channel } from '../../shared/types';
import { apiPost } from './client';
import { featuresOf } from './features';

export interface FormBuilderData {
  channels: Channel[];
  limits: typeof LIMITS;
}

/** POST /svc/post/fetch: a post as the form edits it (or the post to reblog). */
export interface PostFetchResponse {
  post: PostView;
  /** The fields as typed: only in the answer for one's own post (a reblog form has the post alone). */
  source?: PostFormSource;
  post_tumblelog: { name_or_id: string; url?: string; avatar?: string } | string;
  post_context_page: string;
}

export type SavePayload = Record<string, string | boolean>;

export const postFormKeys = {
  builder: ['post-form', 'builder'] as const,
  edit: (postId: string) => ['post-form', 'edit', postId] as const,
  reblog: (reblogId: string, reblogKey: string) => ['post-form', 'reblog', reblogId, reblogKey] as const,
};

/** Feed pages (dashboard, drafts, inbox, queue) keep their lists under keys starting with this. */
export const feedKeyPrefix = ['posts'] as const;

export function useFormBuilderData() {
  return useQuery({
    queryKey: postFormKeys.builder,
    queryFn: () => apiPost<FormBuilderData>('/svc/post/get_post_form_builder_data'),
    staleTime: 60_000,
    // A failure is shown at once (an alert, then the form closes) rather than after retries.
    retry: false,
  });
}

// A form opened again must show the post as it is now: no cache between openings.
const FRESH = { staleTime: 0, gcTime: 0, retry: false, refetchOnWindowFocus: false } as const;

export function useFetchPostForEdit(postId: string | null) {
  return useQuery({
    queryKey: postFormKeys.edit(postId ?? ''),
    queryFn: () => apiPost<PostFetchResponse>('/svc/post/fetch', { post_id: postId }),
    enabled: postId !== null,
    ...FRESH,
  });
}

export function useFetchPostForReblog(reblog: { id: string; key: string } | null) {
  return useQuery({
    queryKey: postFormKeys.reblog(reblog?.id ?? '', reblog?.key ?? ''),
    queryFn: () => apiPost<PostFetchResponse>('/svc/post/fetch', { reblog_id: reblog?.id, reblog_key: reblog?.key }),
    enabled: reblog !== null,
    ...FRESH,
  });
}

/** Saves a new post, an edit or a reblog; pages that show a feed refresh it (spec 1 §2). */
export function useSavePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: SavePayload) => apiPost<SaveResponse>('/svc/post/update', payload),
    onSuccess: (_answer, payload) => {
      // The queue page reloads from the base route instead (done by the form). On the dashboard
      // the refresh is the dashboard_refresh flag's (on unless an admin turned it off, issue 26).
      if (payload.context_page === 'queue') return;
      if (payload.context_page === 'dashboard' && featuresOf(queryClient).dashboard_refresh === false) return;
      void queryClient.invalidateQueries({ queryKey: feedKeyPrefix });
    },
  });
}
