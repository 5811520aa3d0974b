import type { PostView } from './posts/types';

/** A tag as posts store it is at most this long (server posts/payload.ts parseTags). */
export const TAG_MAX_LENGTH = 140;
/** How many tags one user may follow: each adds one probe to their dashboard. */
export const MAX_TAG_FOLLOWS = 200;

/**
 * A tag as lists match it: without leading #, spaces collapsed, trimmed, lower case (tags are
 * matched without regard to case, as the composer dedupes them). Empty when nothing is left.
 */
export function normalizeTag(text: string): string {
  return text.replace(/^#+/, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** GET /svc/tagged/{tag}: the tag's public posts, newest first. */
export interface TaggedPage {
  tag: string;
  /** The viewer follows the tag (false when logged out). */
  following: boolean;
  posts: PostView[];
  /** The `before` of the next page, or null at the end. */
  next: string | null;
}

/** POST/DELETE /svc/tag/{tag}/follow. */
export interface TagFollowResponse {
  tag: string;
  following: boolean;
}

/** GET /svc/explore. */
export interface ExploreResponse {
  trending_tags: Array<{ tag: string; post_count: number }>;
  posts: PostView[];
  /** One page: popular posts are a short list, never paged. */
  next: null;
}
