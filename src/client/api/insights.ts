import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InsightsResponse } from '../../shared/logging/insights';
import { apiGet, apiPost } from './client';

export const insightsKeys = {
  /** Every span of a blog's insights. */
  blogAll: (name: string) => ['insights', name] as const,
  blog: (name: string, days: number) => ['insights', name, days] as const,
};

/** A blog's insights from the rollups (GET /svc/blog/{name}/insights?days=…). */
export function useInsights(name: string, days: number) {
  return useQuery({
    queryKey: insightsKeys.blog(name, days),
    queryFn: () => apiGet<InsightsResponse>(`/svc/blog/${encodeURIComponent(name)}/insights?days=${days}`),
    // A 404 (not your blog) will not change by asking again.
    retry: false,
  });
}

/** Runs the rollup now and shows its figures. */
export function useRefreshInsights(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<InsightsResponse>(`/svc/blog/${encodeURIComponent(name)}/insights/refresh`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: insightsKeys.blogAll(name) }),
  });
}
