import { useQuery } from '@tanstack/react-query';
import type { SuggestionsResponse } from '../../shared/answers/explore';
import { apiGet } from './client';

export const suggestionKeys = { all: ['explore', 'suggestions'] as const };

/**
 * Blogs and tags to follow (GET /svc/explore/suggestions). Kept while the page lives: a blog
 * followed from the list stays in it, its button turned, rather than vanishing under the pointer.
 */
export function useSuggestions() {
  return useQuery({
    queryKey: suggestionKeys.all,
    queryFn: () => apiGet<SuggestionsResponse>('/svc/explore/suggestions'),
    staleTime: Infinity,
    gcTime: 0,
  });
}
