// Spec 2 §4 Docked media: a player that is playing when it scrolls out of view docks at the
// window's corner instead of stopping. At most one view is docked at a time; a new view replaces
// it only if it demands eviction and the docked one does not. Docking dims the right column.
// One store outside React: the players ask it, the page's attribute follows it.

export interface DockView {
  id: string;
  /** A view the person started themselves (a video they unmuted) outranks a background one. */
  demandsEviction: boolean;
  /** Told when a newer view takes the dock: the player stops (it is out of view). */
  onEvicted: () => void;
}

type Listener = () => void;

let docked: DockView | null = null;
const listeners = new Set<Listener>();

function changed() {
  // The right column dims through this attribute (global.css), whatever page it is on.
  if (typeof document !== 'undefined') {
    if (docked) document.documentElement.dataset.mediaDocked = '';
    else delete document.documentElement.dataset.mediaDocked;
  }
  for (const listener of [...listeners]) listener();
}

/** Asks to dock; true when the view is docked now (already, alone, or by evicting the current one). */
export function requestDock(view: DockView): boolean {
  if (docked?.id === view.id) {
    docked = view;
    return true;
  }
  if (docked && !(view.demandsEviction && !docked.demandsEviction)) return false;
  const evicted = docked;
  docked = view;
  changed();
  evicted?.onEvicted();
  return true;
}

/** The view is back in view, closed or gone: it leaves the dock (nothing if it was not docked). */
export function releaseDock(id: string): void {
  if (docked?.id !== id) return;
  docked = null;
  changed();
}

export function dockedId(): string | null {
  return docked?.id ?? null;
}

export function subscribeDock(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
