import type { PostView } from '../posts/types';
import type { Blog } from '../types';

/** Site search (/search): what the page and GET /svc/search/posts|blogs agree on. */
export const SITE_SEARCH = {
  maxQueryLength: 200,
  pageSize: 10,
  /** Blog results page by offset up to this many. */
  maxBlogResults: 200,
} as const;

export const SEARCH_SORTS = ['top', 'recent'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_POST_TYPES = ['any', 'text', 'photo', 'quote', 'link', 'chat', 'audio', 'video'] as const;
export type SearchPostType = (typeof SEARCH_POST_TYPES)[number];
export const SEARCH_SCOPES = ['all', 'mine'] as const;
export type SearchScope = (typeof SEARCH_SCOPES)[number];

/** The labels of the search filters (spec 2 §2 filter popover). */
export const SORT_LABELS: Record<SearchSort, string> = { top: 'Top Posts', recent: 'Recent Posts' };
export const POST_TYPE_LABELS: Record<SearchPostType, string> = {
  any: 'All Types',
  text: 'Text',
  photo: 'Photo',
  quote: 'Quote',
  link: 'Link',
  chat: 'Chat',
  audio: 'Audio',
  video: 'Video',
};

export interface PostSearchPage {
  posts: PostView[];
  /** Send back as `before` for the next page; null at the end. */
  next: string | null;
}

export interface BlogSearchPage {
  blogs: Blog[];
  next: string | null;
}
