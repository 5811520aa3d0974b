import type { QueryClientConfig } from '@tanstack/react-query';
import { worthRetrying } from './client';

/**
 * The one retry rule of every query: one more try for what could pass on a second go (a network
 * failure, a 5xx, a timeout or a rate limit); a refusal that will stand (any other 4xx, such as the
 * 404 of a hidden post or list) is shown at once.
 */
export const retryOnce = (failures: number, error: unknown) => failures < 1 && worthRetrying(error);

/** The app's query client defaults: the retry rule, and no refetch on focus unless a query asks. */
export const QUERY_DEFAULTS: QueryClientConfig['defaultOptions'] = {
  queries: { retry: retryOnce, refetchOnWindowFocus: false },
};
