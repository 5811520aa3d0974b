// Spec 1 §2: where a like or a reply was made. The client derives it from the page (client
// post/action-source.ts) and sends it as `source`; the server keeps it with the like or reply.
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

export const ACTION_SOURCE_MESSAGE = `source must be one of: ${ACTION_SOURCES.join(', ')}.`;
