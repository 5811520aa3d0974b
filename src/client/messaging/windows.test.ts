import { beforeEach, describe, expect, it, vi } from 'vitest';
import { logEvent } from '../logging';
import { clearSavedWindows, joinNames, loadWindows, saveWindows, windowsReducer, type WindowRecord } from './windows';

vi.mock('../logging', () => ({ logEvent: vi.fn() }));

const record = (id: string) => ({ id, participantUuid: 'me', participants: [{ uuid: `u-${id}`, name: id, url: `/blog/${id}` }] });

describe('conversation windows', () => {
  it('opening one minimizes the others, newest opened first', () => {
    let windows: WindowRecord[] = [];
    windows = windowsReducer(windows, { type: 'open', record: record('a'), now: 1 });
    windows = windowsReducer(windows, { type: 'open', record: record('b'), now: 2 });
    expect(windows.map((w) => [w.id, w.isMinimized])).toEqual([['b', false], ['a', true]]);
    windows = windowsReducer(windows, { type: 'restore', id: 'a', now: 3 });
    expect(windows.map((w) => [w.id, w.isMinimized])).toEqual([['a', false], ['b', true]]);
  });

  it('keeps the others open with multi-window on', () => {
    let windows = windowsReducer([], { type: 'open', record: record('a'), now: 1, multiWindow: true });
    windows = windowsReducer(windows, { type: 'open', record: record('b'), now: 2, multiWindow: true });
    expect(windows.every((w) => !w.isMinimized)).toBe(true);
  });

  it('renames a new conversation to its id, and closes', () => {
    let windows = windowsReducer([], { type: 'open', record: record('new:me:u-x'), now: 1 });
    windows = windowsReducer(windows, { type: 'rename', from: 'new:me:u-x', to: '42' });
    expect(windows.map((w) => w.id)).toEqual(['42']);
    expect(windowsReducer(windows, { type: 'close', id: '42' })).toEqual([]);
  });

  describe('saved per user name', () => {
    beforeEach(() => localStorage.clear());

    it('saves open and minimized apart, restores them, and clears them at logout', () => {
      let windows = windowsReducer([], { type: 'open', record: record('a'), now: 1 });
      windows = windowsReducer(windows, { type: 'open', record: record('b'), now: 2 });
      saveWindows(localStorage, 'ann@example.com', windows);
      expect(JSON.parse(localStorage.getItem('messaging:ann@example.com:open')!)).toHaveLength(1);
      expect(JSON.parse(localStorage.getItem('messaging:ann@example.com:minimized')!)[0].id).toBe('a');
      expect(loadWindows(localStorage, 'ann@example.com')).toEqual(windows);
      expect(loadWindows(localStorage, 'bob@example.com')).toEqual([]);
      clearSavedWindows(localStorage, 'ann@example.com');
      expect(loadWindows(localStorage, 'ann@example.com')).toEqual([]);
    });

    it('reads junk in storage as nothing', () => {
      localStorage.setItem('messaging:x:open', '{not json');
      localStorage.setItem('messaging:x:minimized', JSON.stringify([{ id: 1 }, null, record('no-time'), { ...record('ok'), lastOpenedDateTs: 5 }]));
      expect(loadWindows(localStorage, 'x').map((w) => [w.id, w.isMinimized])).toEqual([['ok', true]]);
    });
  });

  it("joins names with commas and a '+' before the last", () => {
    expect(joinNames(['a'])).toBe('a');
    expect(joinNames(['a', 'b'])).toBe('a + b');
    expect(joinNames(['a', 'b', 'c'])).toBe('a, b + c');
  });

  it('swallows storage errors and reports each as an error event (spec 2 §8)', () => {
    vi.mocked(logEvent).mockClear();
    const quota = Object.assign(new Error('full'), { name: 'QuotaExceededError' });
    const broken = {
      getItem: () => '{not json',
      setItem: () => {
        throw quota;
      },
      removeItem: () => {
        throw new TypeError('disabled');
      },
    } as unknown as Storage;
    expect(loadWindows(broken, 'ann@example.com')).toEqual([]);
    expect(() => saveWindows(broken, 'ann@example.com', [{ ...record('a'), isMinimized: false, lastOpenedDateTs: 1 }])).not.toThrow();
    expect(() => clearSavedWindows(broken, 'ann@example.com')).not.toThrow();
    expect(vi.mocked(logEvent).mock.calls).toEqual([
      ['messaging.storage_error', { operation: 'read', error: 'SyntaxError' }],
      ['messaging.storage_error', { operation: 'read', error: 'SyntaxError' }],
      ['messaging.storage_error', { operation: 'write', error: 'QuotaExceededError' }],
      ['messaging.storage_error', { operation: 'clear', error: 'TypeError' }],
    ]);
  });
});
