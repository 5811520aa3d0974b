import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivityPage, ActivitySeenResponse, TumblelogOwnerData } from '../../shared/activity/types';
import type { Blog, UserInfoResponse } from '../../shared/types';
import { apiGet, apiPost } from './client';
import { userKeys } from './user';

export const activityKeys = {
  all: ['activity'] as const,
  /** The popover's data for one blog: member data, sparkline and the first page. */
  popover: (blog: string) => ['activity', 'popover', blog] as const,
  /** The sparkline alone (the activity page's header). */
  sparkline: (blog: string) => ['activity', 'sparkline', blog] as const,
  pages: (blog: string) => ['activity', 'pages', blog] as const,
};

export type ActivityOverview = Blog & TumblelogOwnerData;

const tumblelogUrl = (blog: string, flags: string[]) =>
  `/svc/data/tumblelog?tumblelog=${encodeURIComponent(blog)}&${flags.map((flag) => `${flag}=1`).join('&')}`;

/**
 * What the popover shows for one of the user's blogs, in one call (spec 1 §7 GET
 * /svc/data/tumblelog with the include_ flags). Read again each time the popover opens.
 */
export function useActivityOverview(blog: string) {
  return useQuery({
    queryKey: activityKeys.popover(blog),
    queryFn: () =>
      apiGet<ActivityOverview>(tumblelogUrl(blog, ['include_member_data', 'include_activity_data', 'include_activity_notifications'])),
    staleTime: 0,
  });
}

export function useActivitySparkline(blog: string) {
  return useQuery({
    queryKey: activityKeys.sparkline(blog),
    queryFn: async () => (await apiGet<ActivityOverview>(tumblelogUrl(blog, ['include_activity_data']))).activity_data?.sparkline ?? [],
    staleTime: 60_000,
  });
}

/** The full activity page: pages of 20, newest first, each from the `next` of the one before. */
export function useActivityPages(blog: string) {
  return useInfiniteQuery({
    queryKey: activityKeys.pages(blog),
    queryFn: ({ pageParam }) =>
      apiGet<ActivityPage>(`/svc/activity/${encodeURIComponent(blog)}${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last: ActivityPage) => last.next ?? undefined,
    staleTime: 30_000,
  });
}

/** Marks a blog's activity seen up to a notification; the header badge follows the answer. */
export function useMarkActivitySeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ blog, id }: { blog: string; id: string }) =>
      apiPost<ActivitySeenResponse>(`/svc/activity/${encodeURIComponent(blog)}/seen`, { id }),
    onSuccess: (answer, { blog }) => {
      queryClient.setQueryData<UserInfoResponse | null>(userKeys.info, (info) =>
        info
          ? {
              ...info,
              user: {
                ...info.user,
                channels: info.user.channels.map((c) => (c.name === blog ? { ...c, activity_unread: answer.activity_unread } : c)),
              },
            }
          : info,
      );
    },
  });
}
