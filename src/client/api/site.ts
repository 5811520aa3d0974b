import { useQuery } from '@tanstack/react-query';
import type { SiteInfoResponse } from '../../shared/flags';
import { apiGet } from './client';

export const siteKeys = {
  info: ['site', 'info'] as const,
};

/**
 * The site's own flags and app address (GET /svc/site). A logged-in person's flags come with the
 * user info, so this is asked for only while `enabled` (the visitor is logged out). Flags change
 * rarely: kept for ten minutes.
 */
export function useSiteInfo(enabled: boolean) {
  return useQuery({
    queryKey: siteKeys.info,
    queryFn: () => apiGet<SiteInfoResponse>('/svc/site'),
    enabled,
    staleTime: 10 * 60_000,
  });
}
