// The one post form open inline in a feed (issue 15, spec 1 §4): edit and reblog from a feed card
// open the form in place of that card. Opening another first closes this one, asking before
// throwing away changes. The address says which form is open, replaced as for the modal, so a
// reload opens the same form (as a modal, the direct-URL case) and closing puts the page back.
import { useSyncExternalStore, type RefObject } from 'react';
import type { FormRequest } from '../posts/form-route';
import type { FormGuard } from '../posts/PostForm';
import { mayDiscard } from './discard';

export type InlineRequest = Exclude<FormRequest, { mode: 'new' }>;

export interface InlineForm {
  /** The feed card the form replaces. */
  postId: string;
  request: InlineRequest;
  /** The page under the form (its path): it decides how the page refreshes after a save. */
  base: string;
  /** The page's full address, put back on close. */
  address: string;
  /** The router's key of the page: after a real navigation away and back, the form is gone. */
  pageKey: string;
}

let current: InlineForm | null = null;
let guard: RefObject<FormGuard | null> | null = null;
let switching = false;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function set(next: InlineForm | null) {
  current = next;
  guard = null;
  listeners.forEach((listener) => listener());
}

/** The address of a form: the same paths the modal's routes answer. */
export function inlinePath(request: InlineRequest): string {
  return request.mode === 'edit' ? `/edit/${request.postId}` : `/reblog/${request.reblogId}/${encodeURIComponent(request.reblogKey)}`;
}

// The router is not told: the feed under the form must stay mounted, scrolled where it was.
// The router's own history entry state is kept so back and forward still work.
function replaceAddress(path: string) {
  window.history.replaceState(window.history.state, '', path);
}

/** The form open in place of this card on this page, if any. */
export function useInlineForm(postId: string, pageKey: string): InlineForm | null {
  return useSyncExternalStore(
    subscribe,
    () => (current?.postId === postId && current.pageKey === pageKey ? current : null),
    () => null,
  );
}

/** The open form reports whether closing it would lose changes. */
export function setInlineGuard(value: RefObject<FormGuard | null> | null) {
  guard = value;
}

/** Opens a form in place of a card; false when the open one had changes kept by the person. */
export async function openInlineForm(next: InlineForm): Promise<boolean> {
  if (switching) return false;
  // A form left behind by a navigation away is simply forgotten.
  if (current && current.pageKey !== next.pageKey) set(null);
  if (current) {
    if (current.postId === next.postId && current.request.mode === next.request.mode) return true;
    switching = true;
    const discard = await mayDiscard(guard?.current ?? null, current.request.mode).finally(() => {
      switching = false;
    });
    if (!discard) return false;
  }
  // Switching forms keeps the page's own address to come back to, not the old form's.
  set(current ? { ...next, base: current.base, address: current.address } : next);
  replaceAddress(inlinePath(next.request));
  return true;
}

/** Closes the inline form (after a save or a dismissal) and puts the page's address back. */
export function closeInlineForm(postId: string) {
  if (current?.postId !== postId) return;
  const { address } = current;
  set(null);
  replaceAddress(address);
}
