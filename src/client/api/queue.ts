import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from './client';

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
