import type { QueryClient } from '@tanstack/react-query';
import type { FeatureFlags } from '../../shared/flags';
import type { UserInfoResponse } from '../../shared/types';
import { siteKeys, useSiteInfo } from './site';
import { userKeys, useUserInfo } from './user';

/**
 * The flags this reader meets (issue 26): a logged-in person's come with their user info (their
 * override or the site's value), a visitor's from GET /svc/site. Empty while neither has arrived:
 * a reader of one flag says what its absence means there (on for a flag that is on by default).
 */
export function useFeatures(): Partial<FeatureFlags> {
  const { data: info } = useUserInfo();
  const site = useSiteInfo(info === null);
  return info?.user.features ?? site.data?.features ?? {};
}

/** The same outside React (a click handler, a mutation's success), from what the cache holds. */
export function featuresOf(queryClient: QueryClient): Partial<FeatureFlags> {
  const info = queryClient.getQueryData<UserInfoResponse | null>(userKeys.info);
  return info?.user.features ?? queryClient.getQueryData<{ features: FeatureFlags }>(siteKeys.info)?.features ?? {};
}
