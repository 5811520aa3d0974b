import { GIF_SEARCH, type GifSearchResult } from '../../shared/search/gif';

// Spec 1 §4: results are kept per lowercase, trimmed query for 5 minutes. Module-level, so a
// popover opened again (or in another post form) reuses what the last one found.
const entries = new Map<string, { at: number; result: GifSearchResult }>();

export const gifCacheKey = (query: string) => query.trim().toLowerCase();

/** The cached result for a key, or null when there is none or it is older than 5 minutes. */
export function cachedGifs(key: string, now = Date.now()): GifSearchResult | null {
  const entry = entries.get(key);
  if (!entry) return null;
  if (now - entry.at >= GIF_SEARCH.cacheMs) {
    entries.delete(key);
    return null;
  }
  return entry.result;
}

export function cacheGifs(key: string, result: GifSearchResult, now = Date.now()) {
  entries.set(key, { at: now, result });
}

/** Tests start from an empty cache. */
export function clearGifCache() {
  entries.clear();
}
