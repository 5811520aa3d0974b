import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockedDomainsResponse, KnownServersResponse } from '../../shared/federation/types';
import { apiGet, apiPost } from './client';

export const adminFederationKeys = { domains: ['admin', 'federation', 'domains'] as const, servers: ['admin', 'federation', 'servers'] as const };

/** GET /svc/admin/federation/domains: the servers an admin blocked. */
export const useBlockedDomains = () =>
  useQuery({ queryKey: adminFederationKeys.domains, queryFn: () => apiGet<BlockedDomainsResponse>('/svc/admin/federation/domains') });

/** GET /svc/admin/federation/servers: the servers we know, with what arrived from each. */
export const useKnownServers = () =>
  useQuery({ queryKey: adminFederationKeys.servers, queryFn: () => apiGet<KnownServersResponse>('/svc/admin/federation/servers') });

/** Blocking or lifting answers the list; the servers' counts change with a block, so they are read again. */
function useDomainWrite(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) => apiPost<BlockedDomainsResponse>(path, { domain }),
    onSuccess: (answer) => {
      queryClient.setQueryData(adminFederationKeys.domains, answer);
      void queryClient.invalidateQueries({ queryKey: adminFederationKeys.servers });
    },
  });
}

export const useBlockDomain = () => useDomainWrite('/svc/admin/federation/domains');
export const useUnblockDomain = () => useDomainWrite('/svc/admin/federation/domains/remove');
