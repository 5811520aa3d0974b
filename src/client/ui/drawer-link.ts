// Marking blog names and avatars for the drawer (spec 2 §2 "Opening"): an attribute on the link,
// read by one delegated click handler (DrawerHost), so no list needs a handler per name.
import { DRAWER_ATTR, DRAWER_POST_ATTR, DRAWER_SOURCE_ATTR } from '../../shared/blog-viewer/constants';
import type { DrawerRequest } from './drawer-store';

/** Spread on an <a> to a blog: a plain click opens the drawer, a ctrl or meta click the blog page. */
export function drawerLink(name: string, options: { postId?: string; source?: boolean } = {}): Record<string, string> {
  const attributes: Record<string, string> = { [DRAWER_ATTR]: name };
  if (options.postId) attributes[DRAWER_POST_ATTR] = options.postId;
  if (options.source) attributes[DRAWER_SOURCE_ATTR] = '';
  return attributes;
}

interface ClickLike {
  button: number;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  target: EventTarget | null;
}

/**
 * The open request a click asks for, or null when the click is not the drawer's: not on a marked
 * element, another button, a modifier (ctrl or meta opens the blog page, shift a window), or
 * already handled.
 */
export function drawerRequestFromClick(event: ClickLike): DrawerRequest | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return null;
  const target = event.target as Element | null;
  if (!target || typeof target.closest !== 'function') return null;
  const marked = target.closest(`[${DRAWER_ATTR}]`);
  const name = marked?.getAttribute(DRAWER_ATTR)?.trim();
  if (!marked || !name) return null;
  const postId = marked.getAttribute(DRAWER_POST_ATTR) ?? undefined;
  return { tumblelog_name: name, ...(postId ? { post_id: postId } : {}) };
}

/** `?blog_name=&post_id=` on the page's address opens the drawer on load (spec 2 §2). */
export function drawerRequestFromSearch(search: string): DrawerRequest | null {
  const params = new URLSearchParams(search);
  const name = params.get('blog_name')?.trim();
  if (!name) return null;
  const postId = params.get('post_id')?.trim();
  const tag = params.get('searchTagTerm')?.trim();
  return { tumblelog_name: name, ...(postId && /^\d{1,20}$/.test(postId) ? { post_id: postId } : {}), ...(tag ? { searchTagTerm: tag } : {}) };
}
