// The drawer's keyboard shortcuts (spec 2 §2): a pure map from a key press to an action.
import { isTypingTarget, type KeyPress } from '../ui/page-keys';

export type DrawerKeyAction = 'next' | 'previous' | 'like' | 'reblog' | 'share' | 'top' | 'openSource';

export const DRAWER_KEYS: Readonly<Record<string, DrawerKeyAction>> = {
  j: 'next',
  k: 'previous',
  l: 'like',
  r: 'reblog',
  s: 'share',
  '.': 'top',
  Enter: 'openSource',
};

/**
 * The action of a key press in the drawer, or null. Enter is a shortcut only on the drawer itself
 * or a post, never on a link or a button (those are the person's own choice).
 */
export function drawerKeyAction(press: KeyPress): DrawerKeyAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  if (isTypingTarget(press.target)) return null;
  const action = DRAWER_KEYS[press.key] ?? null;
  if (action === 'openSource' && press.target && typeof (press.target as Element).closest === 'function') {
    if ((press.target as Element).closest('a, button, summary, [role="button"], [role="menuitem"], [role="option"]')) return null;
  }
  return action;
}

/**
 * The post the j and k keys go to: the first post whose top lies below the reading line (the
 * drawer's top plus the scroll offset) for next, the last one above it for previous.
 * `tops` are the posts' tops relative to the scroll container's visible top.
 */
export function targetPostIndex(tops: number[], direction: 'next' | 'previous', offset: number): number | null {
  // One pixel of slack, so a post just scrolled to counts as the current one.
  if (direction === 'next') {
    const index = tops.findIndex((top) => top > offset + 1);
    return index === -1 ? null : index;
  }
  for (let i = tops.length - 1; i >= 0; i--) if (tops[i] < offset - 1) return i;
  return null;
}

/** The post at the reading line, for l, r, s and enter: the last one whose top is at or above it. */
export function currentPostIndex(tops: number[], offset: number): number | null {
  if (tops.length === 0) return null;
  let current = 0;
  for (let i = 0; i < tops.length; i++) if (tops[i] <= offset + 1) current = i;
  return current;
}
