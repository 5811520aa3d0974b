import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RemoteAccount } from '../../shared/federation/types';
import { apiGet, apiPost, worthRetrying } from './client';

export const federationKeys = {
  lookup: (handle: string) => ['federation', 'lookup', handle.replace(/^@/, '').toLowerCase()] as const,
};

/** An account on another server by its handle (the server asks its server: WebFinger, then the actor). */
export function useRemoteAccount(handle: string, enabled: boolean) {
  return useQuery({
    queryKey: federationKeys.lookup(handle),
    queryFn: () => apiGet<{ account: RemoteAccount }>(`/svc/federation/lookup?q=${encodeURIComponent(handle)}`).then((a) => a.account),
    enabled,
    retry: (count, error) => count < 2 && worthRetrying(error),
    staleTime: 60_000,
  });
}

/** Follows or unfollows it; the lookup's cached answer takes the new state. */
export function useRemoteFollow(handle: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      follow
        ? apiPost<{ account: RemoteAccount }>('/svc/federation/follow', { handle }).then((a) => a.account.following)
        : apiPost<object>('/svc/federation/unfollow', { handle }).then(() => false),
    onSuccess: (following) => {
      client.setQueryData<RemoteAccount>(federationKeys.lookup(handle), (account) => account && { ...account, following });
    },
  });
}
