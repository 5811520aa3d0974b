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
// The blog viewer drawer here opens over the page without changing the address, so a post in it
// reports peepr (search_peepr over a search page) by the drawer it is in, not by the path; and the
// asks inbox lives at /blog/{name}/inbox.

import type { ActionSource } from '../../shared/notes/action-source';

export type { ActionSource };

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

const BLOG_INBOX = /^\/blog\/[^/]+\/inbox(\/|$)/;

/**
 * The source of a like or reply made at `pathname`, over the page at `parentPath` (if any); in the
 * drawer, `pathname` is the page beneath it.
 */
export function actionSource(pathname: string, parentPath?: string | null, inDrawer = false): ActionSource {
  if (inDrawer) return pathname.includes('search') ? 'search_peepr' : 'peepr';
  if (isUnder(pathname, PEEPR)) return parentPath?.includes('search') ? 'search_peepr' : 'peepr';
  if (BLOG_INBOX.test(pathname)) return 'inbox';
  return PAGE_PREFIXES.find(([prefix]) => isUnder(pathname, prefix))?.[1] ?? 'unknown';
}
