// Link previews with a small in-memory cache: typing, pasting and blurring the same address
// within a few minutes fetches the page once. Per process; a page's tags rarely change faster.
import type { LinkPreview } from '../../shared/links/preview';
import { buildPreview, embedFor } from './preview';
import { FETCH_MESSAGES, LinkFetchError, type SafeFetcher } from './safe-fetch';

export const PREVIEW_CACHE_TTL_MS = 5 * 60_000;
export const PREVIEW_CACHE_MAX = 500;
/** Fetches under way at once in one process: each may hold up to 1 MB, and a flood of them should not. */
export const PREVIEW_MAX_IN_FLIGHT = 16;

export interface PreviewServiceOptions {
  ttlMs?: number;
  maxEntries?: number;
  maxInFlight?: number;
  now?: () => number;
}

export interface PreviewService {
  preview(url: string): Promise<LinkPreview>;
}

// Failures that say nothing about the address itself: a known player still works without the page.
const SITE_FAILURES = new Set(['not-found', 'timeout', 'redirects', 'http-status', 'network']);

export function createPreviewService(fetcher: SafeFetcher, options: PreviewServiceOptions = {}): PreviewService {
  const ttlMs = options.ttlMs ?? PREVIEW_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? PREVIEW_CACHE_MAX;
  const maxInFlight = options.maxInFlight ?? PREVIEW_MAX_IN_FLIGHT;
  const now = options.now ?? Date.now;
  let inFlight = 0;
  // Map order is insertion order: the first key is the oldest entry, dropped when full.
  const cache = new Map<string, { expires: number; value: Promise<LinkPreview> }>();

  async function load(url: string): Promise<LinkPreview> {
    try {
      return buildPreview(url, await fetcher.fetch(url));
    } catch (error) {
      if (error instanceof LinkFetchError && SITE_FAILURES.has(error.kind) && embedFor(url).embed_code) {
        return buildPreview(url, null);
      }
      throw error;
    }
  }

  return {
    preview(url) {
      const normalised = new URL(url);
      normalised.hash = '';
      const key = normalised.href;
      const hit = cache.get(key);
      if (hit && hit.expires > now()) return hit.value;
      cache.delete(key);
      if (inFlight >= maxInFlight) return Promise.reject(new LinkFetchError('busy', FETCH_MESSAGES.busy));
      inFlight++;
      // The promise itself is cached, so requests for a page already being fetched wait for that fetch.
      const value = load(key);
      const settled = () => {
        inFlight--;
      };
      value.then(settled, settled);
      cache.set(key, { expires: now() + ttlMs, value });
      while (cache.size > maxEntries) cache.delete(cache.keys().next().value!);
      // A failure is not kept: the next try fetches again.
      value.catch(() => {
        if (cache.get(key)?.value === value) cache.delete(key);
      });
      return value;
    },
  };
}
