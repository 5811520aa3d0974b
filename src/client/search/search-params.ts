import { SEARCH_POST_TYPES, SEARCH_SORTS, type SearchPostType, type SearchSort } from '../../shared/search/site';
import type { SearchParams } from '../api/search';

const pick = <T extends string>(values: readonly T[], text: string | null, fallback: T): T =>
  values.includes(text as T) ? (text as T) : fallback;

/** The search a /search address asks for; anything unknown falls back to its default. */
export function readSearchParams(query: URLSearchParams, safeMode: boolean): SearchParams {
  const nsfw = query.get('filter_nsfw');
  return {
    q: (query.get('q') ?? '').trim(),
    sort: pick<SearchSort>(SEARCH_SORTS, query.get('sort'), 'recent'),
    filter_post_type: pick<SearchPostType>(SEARCH_POST_TYPES, query.get('filter_post_type'), 'any'),
    // Safe search is on by default for people in safe mode (spec 2: true when safe search is on).
    filter_nsfw: nsfw === null ? safeMode : nsfw === 'true' || nsfw === '1',
    scope: query.get('scope') === 'mine' ? 'mine' : 'all',
  };
}

/** The /search address of a search, as the header's GET form would send it. */
export function searchHref(p: SearchParams): string {
  const query = new URLSearchParams({ q: p.q, sort: p.sort, filter_post_type: p.filter_post_type, filter_nsfw: String(p.filter_nsfw) });
  if (p.scope === 'mine') query.set('scope', 'mine');
  return `/search?${query}`;
}
