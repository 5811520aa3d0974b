import { afterEach, describe, expect, it, vi } from 'vitest';
import { dockedId, releaseDock, requestDock } from './dock';

const view = (id: string, demandsEviction: boolean) => ({ id, demandsEviction, onEvicted: vi.fn() });

afterEach(() => {
  for (const id of ['a', 'b', 'c']) releaseDock(id);
});

describe('the dock (spec 2 §4)', () => {
  it('holds one view; asking again for the same view keeps it', () => {
    expect(requestDock(view('a', false))).toBe(true);
    expect(requestDock(view('a', false))).toBe(true);
    expect(dockedId()).toBe('a');
    expect(document.documentElement.dataset.mediaDocked).toBe('');
  });

  it('a view that demands eviction replaces one that does not, which is told', () => {
    const a = view('a', false);
    requestDock(a);
    expect(requestDock(view('b', true))).toBe(true);
    expect(dockedId()).toBe('b');
    expect(a.onEvicted).toHaveBeenCalledOnce();
  });

  it.each([
    [false, false],
    [true, true],
    [false, true],
  ])('a view demanding eviction %s does not replace one demanding %s', (newDemands, currentDemands) => {
    const a = view('a', currentDemands);
    requestDock(a);
    expect(requestDock(view('b', newDemands))).toBe(false);
    expect(dockedId()).toBe('a');
    expect(a.onEvicted).not.toHaveBeenCalled();
  });

  it('release frees the dock (only by the docked view) and the page stops dimming', () => {
    requestDock(view('a', false));
    releaseDock('c');
    expect(dockedId()).toBe('a');
    releaseDock('a');
    expect(dockedId()).toBeNull();
    expect(document.documentElement.dataset.mediaDocked).toBeUndefined();
    expect(requestDock(view('b', false))).toBe(true);
  });
});
