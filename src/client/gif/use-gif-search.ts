import { useCallback, useEffect, useRef, useState } from 'react';
import { GIF_SEARCH, INVALID_GIF_RESPONSE, type GifItem, type GifSearchResult } from '../../shared/search/gif';
import { searchGifs } from './gif-api';
import { cacheGifs, cachedGifs, gifCacheKey } from './gif-cache';
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

/** Starts loading the first batch's images before the grid draws them. */
function preload(items: readonly GifItem[]): HTMLImageElement[] {
  return items.slice(0, GIF_SEARCH.renderBatch).map((item) => {
    const image = new Image();
    image.src = item.mediaUrl;
    return image;
  });
}

/**
 * The GIF search behind the popover (spec 1 §4, §9): the query waits 250 ms after the last
 * keystroke; a new query cancels the search and the image preloads still under way; answers are
 * cached per lowercase, trimmed query for 5 minutes.
 */
export function useGifSearch(input: string): GifSearchView {
  const key = gifCacheKey(input);
  const [view, setView] = useState<GifSearchView>(NOTHING);
  const inFlight = useRef<AbortController | null>(null);
  const preloads = useRef<HTMLImageElement[]>([]);

  const cancel = useCallback(() => {
    inFlight.current?.abort();
    inFlight.current = null;
    // Without a source the browser drops the download.
    for (const image of preloads.current) image.removeAttribute('src');
    preloads.current = [];
  }, []);

  useEffect(() => {
    cancel();
    if (!key) return;
    const timer = setTimeout(() => {
      const cached = cachedGifs(key);
      if (cached) {
        setView({ loading: false, result: cached, error: null, joke: randomJoke() });
        return;
      }
      const controller = new AbortController();
      inFlight.current = controller;
      setView((last) => ({ ...last, loading: true, error: null }));
      searchGifs(key, controller.signal).then(
        (result) => {
          cacheGifs(key, result);
          preloads.current = preload(result.media);
          setView({ loading: false, result, error: null, joke: randomJoke() });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setView({ loading: false, result: null, error: error instanceof Error ? error.message : INVALID_GIF_RESPONSE, joke: '' });
        },
      );
    }, GIF_SEARCH.debounceMs);
    return () => clearTimeout(timer);
  }, [key, cancel]);

  useEffect(() => cancel, [cancel]);

  // An empty box shows nothing, whatever an earlier query found.
  return key ? view : NOTHING;
}
