// Which conversation windows are open or minimized (spec 2 §4 "Conversation windows"), as a pure
// reducer, and how that is saved per user name in local storage and read back after a reload.
import { STORAGE_KEY_MINIMIZED, STORAGE_KEY_OPEN } from '../../shared/messaging/constants';
import type { Participant } from './types';
import { logEvent } from '../logging';

/** The persisted window record of spec 2 §3, plus whether it is minimized. */
export interface WindowRecord {
  /** The conversation id, or for one not started yet `new:` and the other blogs' uuids. */
  id: string;
  /** The user's own blog acting in it. */
  participantUuid: string;
  /** is_adult: the minimized tab's avatar obeys safe mode (absent in records saved before it was kept). */
  participants: Array<Pick<Participant, 'uuid' | 'url' | 'name' | 'avatar_url' | 'theme' | 'is_adult'>>;
  lastOpenedDateTs: number;
  isMinimized: boolean;
}

export type WindowsAction =
  | { type: 'open'; record: Omit<WindowRecord, 'isMinimized' | 'lastOpenedDateTs'>; now: number; multiWindow?: boolean }
  | { type: 'minimize'; id: string }
  | { type: 'restore'; id: string; now: number; multiWindow?: boolean }
  | { type: 'close'; id: string }
  /** A new conversation got its id from its first send. */
  | { type: 'rename'; from: string; to: string }
  | { type: 'load'; windows: WindowRecord[] }
  | { type: 'clear' };

export const newConversationId = (participantUuid: string, others: string[]) => `new:${participantUuid}:${[...others].sort().join(',')}`;

/** Newest opened first. */
const byLastOpened = (windows: WindowRecord[]) => [...windows].sort((a, b) => b.lastOpenedDateTs - a.lastOpenedDateTs);

const others = (windows: WindowRecord[], id: string, multiWindow: boolean | undefined) =>
  multiWindow ? windows : windows.map((w) => (w.id === id ? w : { ...w, isMinimized: true }));

export function windowsReducer(windows: WindowRecord[], action: WindowsAction): WindowRecord[] {
  switch (action.type) {
    case 'open': {
      const existing = windows.find((w) => w.id === action.record.id);
      const opened: WindowRecord = { ...(existing ?? action.record), ...action.record, isMinimized: false, lastOpenedDateTs: action.now };
      const rest = windows.filter((w) => w.id !== action.record.id);
      // Opening one minimizes the others unless multi-window is on (off by default).
      return byLastOpened([opened, ...others(rest, opened.id, action.multiWindow)]);
    }
    case 'minimize':
      return windows.map((w) => (w.id === action.id ? { ...w, isMinimized: true } : w));
    case 'restore': {
      if (!windows.some((w) => w.id === action.id)) return windows;
      const restored = windows.map((w) => (w.id === action.id ? { ...w, isMinimized: false, lastOpenedDateTs: action.now } : w));
      return byLastOpened(others(restored, action.id, action.multiWindow));
    }
    case 'close':
      return windows.filter((w) => w.id !== action.id);
    case 'rename':
      if (windows.some((w) => w.id === action.to)) return windows.filter((w) => w.id !== action.from);
      return windows.map((w) => (w.id === action.from ? { ...w, id: action.to } : w));
    case 'load':
      return byLastOpened(action.windows);
    case 'clear':
      return [];
  }
}

type StoredRecord = Omit<WindowRecord, 'isMinimized'>;

const isRecord = (value: unknown): value is StoredRecord => {
  const r = value as StoredRecord | null;
  return (
    !!r &&
    typeof r.id === 'string' &&
    typeof r.participantUuid === 'string' &&
    typeof r.lastOpenedDateTs === 'number' &&
    Array.isArray(r.participants) &&
    r.participants.every((p) => p && typeof p.uuid === 'string' && typeof p.name === 'string')
  );
};

/**
 * Spec 2 §8: storage errors are swallowed and reported as an error event (a full or disabled
 * storage, a hand-edited value): the windows simply are not restored, and the log says why.
 */
export const STORAGE_ERROR_EVENT = 'messaging.storage_error';
function reportStorageError(operation: 'read' | 'write' | 'clear', error: unknown) {
  logEvent(STORAGE_ERROR_EVENT, { operation, error: error instanceof Error ? error.name : 'unknown' });
}

const readList = (storage: Storage, key: string): StoredRecord[] => {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isRecord) : [];
  } catch (error) {
    reportStorageError('read', error);
    return [];
  }
};

/** The windows saved for this user: what was open, then what was minimized. */
export function loadWindows(storage: Storage, userName: string): WindowRecord[] {
  const open = readList(storage, STORAGE_KEY_OPEN(userName)).map((r) => ({ ...r, isMinimized: false }));
  const minimized = readList(storage, STORAGE_KEY_MINIMIZED(userName)).map((r) => ({ ...r, isMinimized: true }));
  const seen = new Set<string>();
  return byLastOpened([...open, ...minimized].filter((r) => !seen.has(r.id) && seen.add(r.id)));
}

const strip = ({ isMinimized: _minimized, ...record }: WindowRecord): StoredRecord => record;

export function saveWindows(storage: Storage, userName: string, windows: WindowRecord[]) {
  try {
    storage.setItem(STORAGE_KEY_OPEN(userName), JSON.stringify(windows.filter((w) => !w.isMinimized).map(strip)));
    storage.setItem(STORAGE_KEY_MINIMIZED(userName), JSON.stringify(windows.filter((w) => w.isMinimized).map(strip)));
  } catch (error) {
    reportStorageError('write', error);
  }
}

/** At logout: nothing of this user's windows stays behind. */
export function clearSavedWindows(storage: Storage, userName: string) {
  try {
    storage.removeItem(STORAGE_KEY_OPEN(userName));
    storage.removeItem(STORAGE_KEY_MINIMIZED(userName));
  } catch (error) {
    reportStorageError('clear', error);
  }
}

/** "a, b + c": names joined with commas and a plus sign before the last (spec 2 §2). */
export function joinNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} + ${names[names.length - 1]}`;
}
