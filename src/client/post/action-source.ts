// Spec 1 §2: likes and replies say where they were made, from the prefix of the current path.
// These machine values are what the client sends as `source`:
//   dashboard       /dashboard
//   tag_page        /tagged
//   likes_page      /likes
//   inbox           /inbox
//   search_results  /search
//   discover        /explore
//   tv              /tv
//   peepr           /indash_blog/peepr (the blog viewer inside the dashboard)
//   search_peepr    /indash_blog/peepr over a page whose path contains "search"
//   unknown         any other path

export const ACTION_SOURCES = [
  'dashboard',
  'tag_page',
  'likes_page',
  'inbox',
  'search_results',
  'discover',
  'tv',
  'peepr',
  'search_peepr',
  'unknown',
] as const;

export type ActionSource = (typeof ACTION_SOURCES)[number];

const PAGE_PREFIXES: [prefix: string, source: ActionSource][] = [
  ['/dashboard', 'dashboard'],
  ['/tagged', 'tag_page'],
  ['/likes', 'likes_page'],
  ['/inbox', 'inbox'],
  ['/search', 'search_results'],
  ['/explore', 'discover'],
  ['/tv', 'tv'],
];

const PEEPR = '/indash_blog/peepr';

// Whole path segments only: /tvshows is not /tv.
const isUnder = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** The source of a like or reply made at `pathname`, over the page at `parentPath` (if any). */
export function actionSource(pathname: string, parentPath?: string | null): ActionSource {
  if (isUnder(pathname, PEEPR)) return parentPath?.includes('search') ? 'search_peepr' : 'peepr';
  return PAGE_PREFIXES.find(([prefix]) => isUnder(pathname, prefix))?.[1] ?? 'unknown';
}
