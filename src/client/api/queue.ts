import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from './client';
import type { QueueOrderAnswer } from '../../shared/posts/queue-order';

export interface QueueSettings {
  posts_per_day: number;
  start_hour: number;
  end_hour: number;
  next_publish_at: string | null;
}

export const queueKeys = { settings: (blog: string) => ['queue', 'settings', blog] as const };

export function useQueueSettings(blog: string) {
  return useQuery({
    queryKey: queueKeys.settings(blog),
    queryFn: () => apiGet<QueueSettings>(`/svc/blog/queue_settings?tumblelog=${encodeURIComponent(blog)}`),
    retry: false,
  });
}

export function useSaveQueueSettings(blog: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<QueueSettings, 'next_publish_at'>) =>
      apiPost<QueueSettings>('/svc/blog/queue_settings', { tumblelog: blog, ...input }),
    onSuccess: (saved) => queryClient.setQueryData(queueKeys.settings(blog), saved),
  });
}

/** One move in a queue: the post goes right before or right after another queued post. */
export type QueueMove = { post_id: string; before_id: string } | { post_id: string; after_id: string };

/** POST /svc/blog/queue_order with one move; answers the order after it, first to go out first. */
export const moveInQueue = (blog: string, move: QueueMove) => apiPost<QueueOrderAnswer>('/svc/blog/queue_order', { tumblelog: blog, ...move });

/** POST /svc/blog/queue_order with the whole order (the Undo of a shuffle): a 409 when the queue changed since. */
export const setQueueOrder = (blog: string, order: string[]) => apiPost<QueueOrderAnswer>('/svc/blog/queue_order', { tumblelog: blog, order });

/** POST /svc/blog/queue_shuffle: the new order and the one it replaced. */
export const shuffleQueue = (blog: string) => apiPost<QueueOrderAnswer>('/svc/blog/queue_shuffle', { tumblelog: blog });
