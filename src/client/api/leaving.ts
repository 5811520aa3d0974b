// Leaving with your data (issue 24): the account's export, and deleting a blog or the account.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataExportAnswer } from '../../shared/leaving';
import { apiGet, apiPost, setFormKey } from './client';
import { userKeys } from './user';

export const leavingKeys = {
  export: ['account', 'export'] as const,
};

/** While an export is being made the page asks again this often, so "ready" shows without a reload. */
const EXPORT_POLL_MS = 3_000;

export function useDataExport() {
  return useQuery({
    queryKey: leavingKeys.export,
    queryFn: () => apiGet<DataExportAnswer>('/svc/account/export').then((r) => r.export),
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'requested' || state === 'running' ? EXPORT_POLL_MS : false;
    },
  });
}

export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<DataExportAnswer>('/svc/account/export'),
    onSuccess: (answer) => queryClient.setQueryData(leavingKeys.export, answer.export),
  });
}

export interface LeavingConfirmation {
  password: string;
  code?: string;
}

/**
 * `onDeleted` runs first (the page moves away), then the caches change: the page that asked would
 * otherwise re-render without the blog, or logged out, and go before it could move on.
 */
export function useDeleteBlog(onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, ...input }: LeavingConfirmation & { name: string }) =>
      apiPost<{ deleted: true; name: string }>(`/svc/blog/${encodeURIComponent(name)}/delete`, input),
    onSuccess: () => {
      onDeleted();
      // The blog is gone from every list: the user info (its channels) and every cached page read again.
      return queryClient.invalidateQueries();
    },
  });
}

export function useDeleteAccount(onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LeavingConfirmation) => apiPost<{ deleted: true }>('/svc/account/delete', input),
    onSuccess: () => {
      onDeleted();
      // Every session of the account ended, this one too: logged out now.
      setFormKey(null);
      queryClient.clear();
      queryClient.setQueryData(userKeys.info, null);
    },
  });
}
