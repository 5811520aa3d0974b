// The UI-only state of messaging, in one small store outside React (STYLE.md pattern 7): which
// windows are open or minimized and whether the inbox popover is open. Server data stays in the
// query cache; the poller reads this to decide its mode.
import { useSyncExternalStore } from 'react';
import { logInboxToggle, logWindowAction } from './interaction-log';
import { windowsReducer, type WindowRecord, type WindowsAction } from './windows';

interface MessagingUiState {
  windows: WindowRecord[];
  inboxOpen: boolean;
  /** Spec 2 §4: the person's setting (user info's is_multi_window_enabled), off by default; off, opening a window minimizes the others. */
  multiWindow: boolean;
}

let state: MessagingUiState = { windows: [], inboxOpen: false, multiWindow: false };
const listeners = new Set<() => void>();

const set = (next: MessagingUiState) => {
  if (next === state) return;
  state = next;
  listeners.forEach((listener) => listener());
};

export const messagingUi = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  dispatch(action: WindowsAction) {
    // The person's setting decides, whoever opens or restores the window.
    const decided = action.type === 'open' || action.type === 'restore' ? { ...action, multiWindow: state.multiWindow } : action;
    const windows = windowsReducer(state.windows, decided);
    if (windows !== state.windows) {
      logWindowAction(action);
      set({ ...state, windows });
    }
  },
  setInboxOpen(inboxOpen: boolean) {
    if (inboxOpen !== state.inboxOpen) {
      logInboxToggle(inboxOpen);
      set({ ...state, inboxOpen });
    }
  },
  /** Follows the person's saved setting; windows already open stay as they are until the next open. */
  setMultiWindow(multiWindow: boolean) {
    if (multiWindow !== state.multiWindow) set({ ...state, multiWindow });
  },
  /** Tests start from nothing. */
  reset() {
    set({ windows: [], inboxOpen: false, multiWindow: false });
  },
};

export function useMessagingUi<T>(select: (s: MessagingUiState) => T): T {
  return useSyncExternalStore(messagingUi.subscribe, () => select(state));
}

/** What the poller should do: conversation pace when one is open, inbox pace for the inbox alone. */
export const pollModeOf = (s: MessagingUiState) =>
  s.windows.some((w) => !w.isMinimized) ? 'conversation' : s.inboxOpen ? 'inbox' : 'off';
