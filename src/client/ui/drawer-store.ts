// The one blog viewer drawer of the page (spec 2 §4 "Drawer": suspended, open and closing, with a
// close-confirmation flag). UI state only, outside React, so any click anywhere can ask for it.
import { useSyncExternalStore } from 'react';
import { DRAWER, DRAWER_DIALOG_ATTR, DRAWER_TEXTS } from '../../shared/blog-viewer/constants';
import { confirmDialog } from './dialogs';
import { logDrawerEvent, setDrawerOpen } from '../logging/drawer-log';

/** An open request (spec 2 §2): the blog, optionally one post and a tag to search for. */
export interface DrawerRequest {
  tumblelog_name: string;
  post_id?: string;
  searchTagTerm?: string;
  /** Spec 2 §6: shouldBypassSafeMode comes from the open request ('show anyway'). */
  shouldBypassSafeMode?: boolean;
  /**
   * Spec 2 §6: canModifySafeMode comes from the open request too: the reader may change safe mode
   * from the drawer (its overlay links to the setting). Absent: so for a logged-in reader, not for
   * a visitor, who has no setting to change.
   */
  canModifySafeMode?: boolean;
}

export type DrawerPhase = 'closed' | 'open' | 'closing';

export interface DrawerState {
  phase: DrawerPhase;
  /** The glass shows (it goes 150 ms into closing). */
  glass: boolean;
  request: DrawerRequest | null;
  /** Bumped for every opening, so a drawer opened again starts afresh. */
  openCount: number;
  confirmClose: boolean;
}

let state: DrawerState = { phase: 'closed', glass: false, request: null, openCount: 0, confirmClose: false };
const listeners = new Set<() => void>();
let timers: ReturnType<typeof setTimeout>[] = [];
/** What to do once the drawer has gone (navigate to /dashboard). */
let afterClose: (() => void) | null = null;

function set(change: Partial<DrawerState>) {
  state = { ...state, ...change };
  setDrawerOpen(state.phase === 'open');
  listeners.forEach((listener) => listener());
}

function clearTimers() {
  timers.forEach(clearTimeout);
  timers = [];
}

/**
 * Opens the drawer; false when it cannot (spec 2 §2 "Blocked opening": while suspended, that is
 * while another modal owns the page, or while another drawer is open). A request during the
 * closing fade replaces it after the replacement delay.
 */
export function openDrawer(request: DrawerRequest): boolean {
  const name = request.tumblelog_name.trim();
  if (!name || isSuspended() || state.phase === 'open') return false;
  if (state.phase === 'closing') {
    clearTimers();
    timers.push(setTimeout(() => openNow({ ...request, tumblelog_name: name }), DRAWER.replacementMs));
    return true;
  }
  openNow({ ...request, tumblelog_name: name });
  return true;
}

function openNow(request: DrawerRequest) {
  clearTimers();
  set({ phase: 'open', glass: true, request, openCount: state.openCount + 1 });
}

/** Asks to close (Escape, the glass): confirms first when close confirmation is on. */
export async function requestCloseDrawer(): Promise<boolean> {
  if (state.phase !== 'open') return false;
  if (state.confirmClose) {
    const ok = await confirmDialog(DRAWER_TEXTS.closeConfirm, { okLabel: DRAWER_TEXTS.ok, cancelLabel: DRAWER_TEXTS.cancel });
    if (!ok || state.phase !== 'open') return false;
  }
  closeDrawer();
  return true;
}

/** Closes at once: the glass goes after 150 ms, the drawer after 500 ms, then the page moves on. */
export function closeDrawer() {
  if (state.phase !== 'open') return;
  logDrawerEvent('close', { blog: state.request?.tumblelog_name ?? '' });
  clearTimers();
  set({ phase: 'closing', confirmClose: false });
  timers.push(setTimeout(() => set({ glass: false }), DRAWER.glassRemovalMs));
  timers.push(
    setTimeout(() => {
      set({ phase: 'closed', glass: false, request: null });
      afterClose?.();
    }, DRAWER.hideMs),
  );
}

/** Suspended: another modal (the post form, a confirm) owns the page; the drawer waits for it. */
function isSuspended(): boolean {
  return typeof document !== 'undefined' && document.querySelector(`dialog[open]:not([${DRAWER_DIALOG_ATTR}])`) !== null;
}

/**
 * From inside the drawer, another blog (a reblog source, a name in the notes): this drawer goes
 * and the new one comes in after the replacement delay, without leaving the page.
 */
export function replaceDrawer(request: DrawerRequest): boolean {
  if (state.phase !== 'open') return openDrawer(request);
  const name = request.tumblelog_name.trim();
  if (!name) return false;
  clearTimers();
  set({ phase: 'closing', confirmClose: false });
  timers.push(setTimeout(() => openNow({ ...request, tumblelog_name: name }), DRAWER.replacementMs));
  return true;
}

/** Something unsent in the drawer (a reply being typed): closing asks 'Close without sending?'. */
export function setDrawerConfirmClose(confirmClose: boolean) {
  if (state.confirmClose !== confirmClose) set({ confirmClose });
}

/** Set by the host: where the page goes once the drawer has closed. */
export function onDrawerClosed(callback: (() => void) | null) {
  afterClose = callback;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => state;

export function useDrawerState(): DrawerState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** For tests: back to a closed drawer with nothing pending. */
export function resetDrawerForTests() {
  clearTimers();
  afterClose = null;
  state = { phase: 'closed', glass: false, request: null, openCount: 0, confirmClose: false };
}
