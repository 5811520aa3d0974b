// In-blog search (spec 2 §3, §4, §7, §9): the answers of /svc/search/blog_search and
// /svc/search/blog_search_typeahead, and their constants.
import type { PostView } from '../posts/types';

export const BLOG_SEARCH_SORTS = ['CREATED_DESC', 'POPULARITY_DESC'] as const;
export const BLOG_SEARCH_POST_TYPES = ['ANY', 'TEXT', 'PHOTO', 'QUOTE', 'LINK', 'CHAT', 'AUDIO', 'VIDEO'] as const;
export const BLOG_SEARCH_POST_ROLES = ['ANY', 'ORIGINAL'] as const;
export type BlogSearchSort = (typeof BLOG_SEARCH_SORTS)[number];
export type BlogSearchPostType = (typeof BLOG_SEARCH_POST_TYPES)[number];
export type BlogSearchPostRole = (typeof BLOG_SEARCH_POST_ROLES)[number];

export const BLOG_SEARCH = {
  /** Spec 2 §9 "Search page size 10, initial offset 0". */
  pageSize: 10,
  maxLimit: 20,
  /** The deepest next_offset served: past it the answer says there is no more (-1). */
  maxOffset: 1000,
  /** The longest term searched, in characters (the router refuses longer path parameters). */
  maxTermLength: 100,
  /** Spec 2 §9 "Typeahead shows at most 20 tags". */
  typeaheadMax: 20,
  maxTypeaheadLength: 100,
} as const;

/** GET /svc/search/blog_search/{blogname}/{term}. */
export interface BlogSearchResponse {
  posts: PostView[];
  term: string;
  /** Where the next page starts; negative when there is no more (spec 2 §3). */
  next_offset: number;
  limit: number;
  sort: BlogSearchSort;
  post_type: BlogSearchPostType;
  post_role: BlogSearchPostRole;
  filter_nsfw: boolean;
}

/** GET /svc/search/blog_search_typeahead/{blogname}?q=. */
export interface BlogTypeaheadResponse {
  tags: { tag: string }[];
}
