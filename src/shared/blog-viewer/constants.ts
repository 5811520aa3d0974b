// The blog viewer drawer and in-blog search: spec 2 §2, §4 and §9, to the letter.
import type { BlogSearchPostRole, BlogSearchPostType, BlogSearchSort } from '../search/blog-search';

/** Spec 2 §9 Drawer. */
export const DRAWER = {
  /** The glass goes this long after the drawer starts closing. */
  glassRemovalMs: 150,
  /** A drawer replaced by another (a new open request while one closes) comes in after this. */
  replacementMs: 400,
  /** The drawer is hidden (unmounted) this long after closing starts. */
  hideMs: 500,
  /** The next page loads when the bottom of the list is this close to the viewport's bottom. */
  autopaginateOffsetPx: 175,
  /** Scroll events are read at most this often. */
  autopaginateThrottleMs: 200,
  /** A page load is triggered at most this often. */
  autopaginateTriggerMs: 500,
  /** The sidebar footer fades out past this scroll. */
  footerFadePx: 2000,
  /** An ad is injected every this many posts (ads issue: the places are kept, nothing is drawn). */
  adEveryPosts: 10,
  /** Keyboard: a post scrolled to stops this far below the top of the drawer. */
  keyboardScrollOffsetPx: 60,
  keyboardScrollSpeedMs: 200,
  /** Posts per page; one for a single post. */
  pageSize: 10,
  singlePostLimit: 1,
  videoScrollThrottleMs: 500,
} as const;

/** Spec 2 §9 In-blog search. */
export const BLOG_SEARCH = {
  pageSize: 10,
  initialOffset: 0,
  typeaheadMax: 20,
  popoverHideOnBlurMs: 100,
  inputFocusMs: 300,
  /** The longest term the server searches (src/shared/search/blog-search.ts). */
  maxTermLength: 100,
  /** The no-results panel is re-measured at most this often on resize. */
  noResultsResizeThrottleMs: 300,
} as const;

export type SearchSort = BlogSearchSort;
export type SearchPostType = BlogSearchPostType;
export type SearchPostRole = BlogSearchPostRole;

/** Spec 2 §2 filter popover: the sort options in the spec's order. */
export const SORT_LABELS: ReadonlyArray<{ value: SearchSort; label: string }> = [
  { value: 'POPULARITY_DESC', label: 'Top Posts' },
  { value: 'CREATED_DESC', label: 'Recent Posts' },
];

export const TYPE_LABELS: ReadonlyArray<{ value: SearchPostType; label: string }> = [
  { value: 'ANY', label: 'All Types' },
  { value: 'TEXT', label: 'Text' },
  { value: 'PHOTO', label: 'Photo' },
  { value: 'QUOTE', label: 'Quote' },
  { value: 'LINK', label: 'Link' },
  { value: 'CHAT', label: 'Chat' },
  { value: 'AUDIO', label: 'Audio' },
  { value: 'VIDEO', label: 'Video' },
];

/** Spec 2 §2 and §8: the exact words. */
export const DRAWER_TEXTS = {
  closeConfirm: 'Close without sending?',
  ok: 'OK',
  cancel: 'Cancel',
  safeModeOverlay: 'This Tumblr may contain sensitive media.',
  safeModeLink: 'Safe Mode is on',
  /** Spec 2 §6, spelled as the spec spells it. */
  showAnyway: 'show anyway',
  searchPlaceholder: (blogname: string) => `Search ${blogname}`,
  originalPosts: 'Original Posts',
  safeSearch: 'Safe search',
  popularTags: 'Popular Tags',
  noResults: (term: string) => `Nothing here about ${term}.`,
} as const;

/** Spec 2 §2 link shapes. */
export const DRAWER_LINKS = {
  safeModeSettings: '/settings/account',
  closeTo: '/dashboard',
} as const;

/** The attribute that marks a blog name or avatar for the drawer (spec 2 §2 Opening). */
export const DRAWER_ATTR = 'data-peepr-blog';
export const DRAWER_POST_ATTR = 'data-peepr-post';
/** On the drawer's own dialog element: any other open dialog suspends the drawer. */
export const DRAWER_DIALOG_ATTR = 'data-peepr';
/** On a post's reblog-source link: Enter opens that blog in the drawer. */
export const DRAWER_SOURCE_ATTR = 'data-peepr-source';
