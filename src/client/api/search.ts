import { useInfiniteQuery } from '@tanstack/react-query';
import type { BlogSearchPage, SearchPostType, SearchScope, SearchSort } from '../../shared/search/site';
import { apiGet } from './client';
import { beforePages } from './posts';

export interface SearchParams {
  q: string;
  sort: SearchSort;
  filter_post_type: SearchPostType;
  filter_nsfw: boolean;
  scope: SearchScope;
}

const asQuery = (p: SearchParams) => ({
  q: p.q,
  sort: p.sort,
  filter_post_type: p.filter_post_type,
  filter_nsfw: String(p.filter_nsfw),
  scope: p.scope,
});

/** The cache name of one search's post list (every filter is part of it). */
export const searchRoot = (p: SearchParams) => `search?${new URLSearchParams(asQuery(p))}`;
export const searchPages = (p: SearchParams) => beforePages('/svc/search/posts', asQuery(p));

export const searchKeys = {
  blogs: (q: string) => ['search', 'blogs', q] as const,
};

/** Blogs whose name or title holds the words. */
export function useBlogSearch(q: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: searchKeys.blogs(q),
    queryFn: ({ pageParam }) =>
      apiGet<BlogSearchPage>(`/svc/search/blogs?${new URLSearchParams({ q, ...(pageParam ? { before: pageParam } : {}) })}`),
    initialPageParam: '',
    getNextPageParam: (last: BlogSearchPage) => last.next ?? undefined,
    enabled,
    staleTime: 30_000,
  });
}
