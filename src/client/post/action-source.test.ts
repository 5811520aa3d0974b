import { describe, expect, it } from 'vitest';
import { actionSource } from './action-source';

describe('actionSource (spec 1 §2: the source of likes and replies from the path prefix)', () => {
  it.each([
    ['/dashboard', undefined, 'dashboard'],
    ['/dashboard/2', undefined, 'dashboard'],
    ['/tagged/cats', undefined, 'tag_page'],
    ['/likes', undefined, 'likes_page'],
    ['/inbox', undefined, 'inbox'],
    ['/search/black%20cats', undefined, 'search_results'],
    ['/explore/trending', undefined, 'discover'],
    ['/tv', undefined, 'tv'],
    ['/indash_blog/peepr/ann', '/dashboard', 'peepr'],
    ['/indash_blog/peepr', undefined, 'peepr'],
    ['/indash_blog/peepr/ann', '/search/cats', 'search_peepr'],
    ['/blog/ann/drafts', undefined, 'unknown'],
    ['/', undefined, 'unknown'],
    // Whole path segments only.
    ['/tvshows', undefined, 'unknown'],
    ['/dashboards', undefined, 'unknown'],
    // The asks inbox (issue 26 item 10).
    ['/blog/ann/inbox', undefined, 'inbox'],
    ['/blog/ann/inboxes', undefined, 'unknown'],
  ])('%s over %s is %s', (pathname, parent, source) => {
    expect(actionSource(pathname, parent)).toBe(source);
  });

  it.each([
    ['/dashboard', 'peepr'],
    ['/tagged/cats', 'peepr'],
    ['/search/cats', 'search_peepr'],
  ])('in the drawer over %s is %s (the drawer keeps the address of the page beneath)', (pathname, source) => {
    expect(actionSource(pathname, null, true)).toBe(source);
  });
});
