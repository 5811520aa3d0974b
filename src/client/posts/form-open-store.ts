// Whether a post form is open, for the header (it hides while one is). A count, not a flag: when
// one form replaces another, the old one's close and the new one's open may come in either order.
import { useEffect, useSyncExternalStore } from 'react';
import { publish } from '../events/bus';

let openForms = 0;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function change(by: 1 | -1) {
  openForms = Math.max(0, openForms + by);
  // Spec 1 §4: a video pauses when a post form is shown.
  if (by === 1) publish('players:pause-all', { reason: 'post-form' });
  listeners.forEach((listener) => listener());
}

/** True while a post form is open. */
export function useFormOpen(): boolean {
  return useSyncExternalStore(subscribe, () => openForms > 0, () => false);
}

/** Marks a post form open for as long as the calling component is mounted and `open` is true. */
export function useMarkFormOpen(open: boolean) {
  useEffect(() => {
    if (!open) return;
    change(1);
    return () => change(-1);
  }, [open]);
}
