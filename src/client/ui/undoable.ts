// An action that happens on screen at once but reaches the server only when its Undo time runs out
// or the page is left (issue 24 item 7): Undo puts the thing back and nothing was ever sent.
import { useSyncExternalStore } from 'react';
import { dropToast, showToast } from './toast';

interface Options<T> {
  /** The toast's text, e.g. 'Post deleted.' */
  text: string;
  /** Sends the action when the toast goes without Undo; a rejection puts the thing back. */
  send(entry: T): Promise<void>;
  /** Sends it as the page is left (fetch keepalive): its answer is never read. */
  sendOnLeave(entry: T): void;
  onFailure(entry: T, error: unknown): void;
}

export interface Undoable<T> {
  /** The ids waiting out their Undo time: lists leave them out. */
  useHidden(): ReadonlySet<string>;
  /** Hides `id` now and offers Undo; `onUndo` runs when the person takes it back. */
  start(id: string, entry: T, onUndo?: () => void): void;
}

// Leaving (or hiding) the page ends every Undo window of every kind: the actions go out with keepalive.
const onLeave = new Set<() => void>();
let listening = false;
function listenForLeave() {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  const leave = () => onLeave.forEach((send) => send());
  window.addEventListener('pagehide', leave);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') leave();
  });
}

export function undoable<T>(options: Options<T>): Undoable<T> {
  const pending = new Map<string, { entry: T; toast: number }>();
  let hidden: ReadonlySet<string> = new Set();
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const setHidden = (id: string, hide: boolean) => {
    const next = new Set(hidden);
    if (hide) next.add(id);
    else next.delete(id);
    hidden = next;
    listeners.forEach((listener) => listener());
  };

  const send = (id: string) => {
    const waiting = pending.get(id);
    if (!waiting) return;
    pending.delete(id);
    options.send(waiting.entry).then(
      () => setHidden(id, false),
      (error: unknown) => {
        setHidden(id, false);
        options.onFailure(waiting.entry, error);
      },
    );
  };
  onLeave.add(() => {
    for (const [id, waiting] of pending) {
      pending.delete(id);
      dropToast(waiting.toast);
      options.sendOnLeave(waiting.entry);
      setHidden(id, false);
    }
  });

  return {
    useHidden: () => useSyncExternalStore(subscribe, () => hidden),
    start(id, entry, onUndo) {
      if (pending.has(id)) return;
      listenForLeave();
      setHidden(id, true);
      const undo = () => {
        if (!pending.delete(id)) return;
        setHidden(id, false);
        onUndo?.();
      };
      const toast = showToast({ text: options.text, onUndo: undo, onExpire: () => send(id) });
      pending.set(id, { entry, toast });
    },
  };
}
