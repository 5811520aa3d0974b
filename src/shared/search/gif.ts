// GIF search (spec 1 §3, §7, §9): the answer of POST /svc/search/inline_gif and its constants,
// shared by the server that builds it and the popover that reads it.

/** Spec 1 §3 "GIF item": one GIF found in a photo post. */
export interface GifItem {
  mediaUrl: string;
  postUrl: string;
  rootPostUrl: string;
  /** A short, stable hash of rootPostUrl (a key for de-duplicating and logging). */
  rootPostUrlHash: string;
  /** The blog that first posted the GIF: its name, address and uuid. */
  rootBlog: string;
  rootBlogUrl: string;
  rootBlogKey: string;
  /** At most 3 of the post's tags, without "gif" and "gifs". */
  postTags: string[];
  /** The post's tag that the search words matched, or '' when the match was elsewhere. */
  popularSearchTag: string;
  /** The GIF's size in pixels, when it was recorded. */
  width: number | null;
  height: number | null;
  postBlog: string;
  postId: string;
}

/** A note from the server shown instead of the "nothing turned up" joke (spec 1 §8). */
export interface GifSearchMessage {
  header: string;
  body: string;
}

/** Spec 1 §3 "GIF search result". */
export interface GifSearchResult {
  query: string;
  limit: number;
  loggingContext: string | null;
  media: GifItem[];
  /** When the answer was made, in unix seconds. */
  ts: number;
  message?: GifSearchMessage;
}

/** Spec 1 §9 "GIF search". */
export const GIF_SEARCH = {
  maxLimit: 200,
  defaultLimit: 50,
  cacheMs: 300_000,
  debounceMs: 250,
  maxTags: 3,
  skippedTags: ['gif', 'gifs'],
  renderBatch: 50,
  renderDelayMs: 5,
  preloadPollMs: 1000,
  scrollDebounceMs: 250,
  itemWidth: 150,
  gutter: 10,
  /** Not in the spec: the longest query the server takes. */
  maxQueryLength: 200,
} as const;

export const INVALID_GIF_RESPONSE = 'Invalid GIF search response';

/** At most 3 tags to show under a GIF, skipping "gif" and "gifs" (spec 1 §9). */
export function shownGifTags(tags: readonly string[]): string[] {
  const skipped: readonly string[] = GIF_SEARCH.skippedTags;
  return tags.filter((tag) => !skipped.includes(tag.trim().toLowerCase())).slice(0, GIF_SEARCH.maxTags);
}
