// A deleted post leaves its list at once, but the delete is sent only when its Undo time runs out
// or the page is left: Undo puts the post back and nothing was sent (issue 24 item 7).
import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { PostView } from '../../shared/posts/types';
import { deletePostNow, deletePostOnLeave } from '../api/posts';
import { dropToast, showToast } from '../ui/toast';
import { reportPostActionError } from './post-action-errors';

interface Pending {
  post: PostView;
  queryClient: QueryClient;
  toast: number;
}

export const POST_DELETED = 'Post deleted.';

const pending = new Map<string, Pending>();
let hidden: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
function setHidden(id: string, hide: boolean) {
  const next = new Set(hidden);
  if (hide) next.add(id);
  else next.delete(id);
  hidden = next;
  listeners.forEach((listener) => listener());
}

/** The posts waiting out their Undo time: lists leave them out. */
export const useHiddenPosts = () => useSyncExternalStore(subscribe, () => hidden);

function send(id: string) {
  const entry = pending.get(id);
  if (!entry) return;
  pending.delete(id);
  // Gone from the lists on success; back in its place on failure, with the reason.
  deletePostNow(entry.queryClient, entry.post).then(
    () => setHidden(id, false),
    (error: unknown) => {
      setHidden(id, false);
      void reportPostActionError('delete', id, error);
    },
  );
}

function undo(id: string) {
  if (pending.delete(id)) setHidden(id, false);
}

// Leaving (or hiding) the page ends every Undo window: the deletes go out with keepalive.
function sendAllOnLeave() {
  for (const [id, entry] of pending) {
    pending.delete(id);
    dropToast(entry.toast);
    deletePostOnLeave(entry.queryClient, entry.post);
    setHidden(id, false);
  }
}
let listening = false;
function listenForLeave() {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('pagehide', sendAllOnLeave);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') sendAllOnLeave();
  });
}

/** Hides the post now and offers Undo; the delete is sent when the toast goes without it. */
export function deleteWithUndo(queryClient: QueryClient, post: PostView) {
  if (pending.has(post.id)) return;
  listenForLeave();
  setHidden(post.id, true);
  const toast = showToast({ text: POST_DELETED, onUndo: () => undo(post.id), onExpire: () => send(post.id) });
  pending.set(post.id, { post, queryClient, toast });
}
