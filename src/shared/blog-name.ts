import { LIMITS } from './constants';

/**
 * Words that are routes of the product, so a blog may not take them as its name
 * (a blog's pages live under /blog/{name}, and short links use the bare name).
 */
export const RESERVED_BLOG_NAMES = new Set([
  'dashboard', 'svc', 'services', 'login', 'logout', 'register', 'signup', 'settings', 'new', 'edit',
  'reblog', 'blog', 'blogs', 'follow', 'following', 'followers', 'search', 'explore', 'likes', 'inbox',
  'help', 'tagged', 'tv', 'messaging', 'messages', 'activity', 'admin', 'api', 'assets', 'avatar',
  'healthz', 'static', 'about', 'privacy', 'terms', 'verify', 'account', 'user', 'post', 'posts',
  'drafts', 'queue', 'share', 'embed', 'media', 'indash_blog', 'peepr', 'www', 'mail', 'support',
  // First segments of /svc/... calls, which GET /svc/{blogName}/posts/highlighted must not shadow.
  'data', 'link', 'unfollow', 'like', 'unlike', 'reply', 'replies', 'block', 'unblock', 'promote',
  'unpromote', 'notes', 'notifications', 'subscription', 'report', 'reports', 'flags', 'log', 'email',
  'answer', 'publish', 'spam', 'nsfw', 'adult', 'uniblock', 'suspended', 'conversations', 'poll',
  'appeal', 'appeals', 'tag', 'tags', 'ads', 'stickers', 'moderation', 'tumblelog', 'stream', 'fonts',
  'site', 'federation',
  // Federation's own addresses (ActivityPub actors and NodeInfo), which short links must not shadow.
  'ap', 'nodeinfo',
]);

/** Says which naming rule a blog name breaks, or null when it is fine. */
export function blogNameProblem(name: string): string | null {
  if (name.length === 0) return 'Choose a blog name.';
  if (name.length > LIMITS.blog_name_max_length) {
    return `Blog names can be at most ${LIMITS.blog_name_max_length} characters long.`;
  }
  if (!/^[a-z0-9-]+$/.test(name)) {
    return 'Blog names can only use lowercase letters a-z, numbers 0-9 and hyphens.';
  }
  if (name.startsWith('-') || name.endsWith('-')) {
    return 'Blog names cannot start or end with a hyphen.';
  }
  if (RESERVED_BLOG_NAMES.has(name)) return `"${name}" is reserved. Choose another blog name.`;
  return null;
}
