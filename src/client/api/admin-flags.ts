import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminFlagsResponse, FeatureFlag, OverrideState } from '../../shared/flags';
import { apiGet, apiPost } from './client';
import { userKeys } from './user';

export const adminFlagKeys = { all: ['admin', 'flags'] as const };

/** GET /svc/admin/flags: every flag with its site-wide value and the people with their own. */
export function useAdminFlags() {
  return useQuery({ queryKey: adminFlagKeys.all, queryFn: () => apiGet<AdminFlagsResponse>('/svc/admin/flags') });
}

/** Both writes answer the whole list: it replaces the page's, and the admin's own flags are read again. */
function useFlagWrite<V>(call: (input: V) => Promise<AdminFlagsResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      queryClient.setQueryData(adminFlagKeys.all, answer);
      void queryClient.invalidateQueries({ queryKey: userKeys.info });
    },
  });
}

export const useSetSiteFlag = () =>
  useFlagWrite((input: { name: FeatureFlag; enabled: boolean }) => apiPost<AdminFlagsResponse>('/svc/admin/flags', input));

export const useSetFlagOverride = () =>
  useFlagWrite((input: { name: FeatureFlag; tumblelog: string; state: OverrideState }) => apiPost<AdminFlagsResponse>('/svc/admin/flags/override', input));
