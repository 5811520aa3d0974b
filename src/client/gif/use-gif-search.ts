import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { GIF_SEARCH, INVALID_GIF_RESPONSE, type GifItem, type GifSearchResult } from '../../shared/search/gif';
import { searchGifs } from './gif-api';
import { randomJoke } from './gif-messages';

export interface GifSearchView {
  /** A search is on its way (spec 1 §4: the loader shows). */
  loading: boolean;
  /** The last answer, kept while the next search loads so the grid does not flash empty. */
  result: GifSearchResult | null;
  error: string | null;
  /** Picked when the answer came, for when it has nothing in it (spec 1 §8). */
  joke: string;
}

const NOTHING: GifSearchView = { loading: false, result: null, error: null, joke: '' };

/** Spec 1 §4: answers are kept per lowercase, trimmed query. */
export const gifSearchKey = (query: string) => ['gif-search', query.trim().toLowerCase()] as const;

/** Starts loading the first batch's images before the grid draws them. */
function preload(items: readonly GifItem[]): HTMLImageElement[] {
  return items.slice(0, GIF_SEARCH.renderBatch).map((item) => {
    const image = new Image();
    image.src = item.mediaUrl;
    return image;
  });
}

/** The query as typed, once it has stood still for the spec's debounce. */
function useSettled(query: string): string {
  const [settled, setSettled] = useState(query);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(query), GIF_SEARCH.debounceMs);
    return () => clearTimeout(timer);
  }, [query]);
  return settled;
}

/**
 * The GIF search behind the popover (spec 1 §4, §9), through TanStack Query: the query waits
 * 250 ms after the last keystroke; answers are kept per lowercase, trimmed query for 5 minutes in
 * the app's query cache (a popover opened again, or in another form, reuses them). A keystroke
 * leaves the search under way without a reader, so the query's signal cancels its fetch at once.
 */
export function useGifSearch(input: string): GifSearchView {
  const key = gifSearchKey(input)[1];
  const settled = gifSearchKey(useSettled(input))[1];
  // Only the settled query is read; while typing, no search is wanted.
  const wanted = key !== '' && key === settled ? key : null;
  const search = useQuery({
    queryKey: gifSearchKey(wanted ?? ''),
    queryFn: ({ signal }) => searchGifs(wanted!, signal),
    enabled: wanted !== null,
    staleTime: GIF_SEARCH.cacheMs,
    gcTime: GIF_SEARCH.cacheMs,
    // Asking again would not turn an empty or refused answer into GIFs.
    retry: false,
    placeholderData: keepPreviousData,
  });
  const result = search.data ?? null;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new joke for each answer, not each render
  const joke = useMemo(() => randomJoke(), [result]);

  useEffect(() => {
    if (!result) return;
    const images = preload(result.media);
    // Without a source the browser drops the download.
    return () => images.forEach((image) => image.removeAttribute('src'));
  }, [result]);

  // An empty box shows nothing, whatever an earlier query found.
  if (!key) return NOTHING;
  if (search.isError) {
    return { loading: false, result: null, error: search.error instanceof Error ? search.error.message : INVALID_GIF_RESPONSE, joke: '' };
  }
  return { loading: search.isFetching, result, error: null, joke };
}
