// The admin tools (spec 1 §6): the five switches on a blog and the reports list.
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { BlogModeration, ModerationSwitch, ReportsPage } from '../../shared/moderation';
import { apiGet, apiPost } from './client';

export const moderationKeys = {
  reports: ['moderation', 'reports'] as const,
};

/** POST /{switch}/toggle with the value wanted, so a repeated click does not flip it back. */
export const setSwitch = (name: ModerationSwitch, tumblelog: string, value: boolean) =>
  apiPost<BlogModeration>(`/${name}/toggle`, { tumblelog, value });

export const resolveReport = (id: string) => apiPost<{ id: string; resolved: true }>('/svc/admin/reports/resolve', { id });

/** Open reports, newest first, a page at a time (admins only: others get 403). */
export function useReports(enabled = true) {
  return useInfiniteQuery({
    queryKey: moderationKeys.reports,
    queryFn: ({ pageParam }) => apiGet<ReportsPage>(`/svc/admin/reports${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ReportsPage) => last.next ?? undefined,
    enabled,
  });
}

type Pages = InfiniteData<ReportsPage, string | null>;

/** A switch changed: every listed report of that blog shows the blog's new values. */
export function useSetSwitch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, tumblelog, value }: { name: ModerationSwitch; tumblelog: string; value: boolean }) => setSwitch(name, tumblelog, value),
    onSuccess: (blog) =>
      queryClient.setQueryData<Pages>(moderationKeys.reports, (pages) =>
        pages && {
          ...pages,
          pages: pages.pages.map((page) => ({
            ...page,
            reports: page.reports.map((r) => (r.blog.tumblelog === blog.tumblelog ? { ...r, blog: { ...r.blog, ...blog } } : r)),
          })),
        },
      ),
  });
}

/** A resolved report leaves the list. */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveReport,
    onSuccess: ({ id }) =>
      queryClient.setQueryData<Pages>(moderationKeys.reports, (pages) =>
        pages && { ...pages, pages: pages.pages.map((page) => ({ ...page, reports: page.reports.filter((r) => r.id !== id) })) },
      ),
  });
}
