import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeDrawer, onDrawerClosed, openDrawer, replaceDrawer, resetDrawerForTests, useDrawerState } from './drawer-store';
import { renderHook } from '@testing-library/react';

const current = () => renderHook(() => useDrawerState()).result.current;

describe('drawer states (spec 2 §4, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetDrawerForTests();
  });
  afterEach(() => {
    resetDrawerForTests();
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('closing: the glass goes after 150 ms, the drawer after 500 ms, then the page moves on', () => {
    const moved = vi.fn();
    onDrawerClosed(moved);
    expect(openDrawer({ tumblelog_name: 'bo' })).toBe(true);
    closeDrawer();
    expect(current()).toMatchObject({ phase: 'closing', glass: true });
    vi.advanceTimersByTime(149);
    expect(current().glass).toBe(true);
    vi.advanceTimersByTime(1);
    expect(current()).toMatchObject({ phase: 'closing', glass: false });
    vi.advanceTimersByTime(349);
    expect(moved).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(current()).toMatchObject({ phase: 'closed', request: null });
    expect(moved).toHaveBeenCalledOnce();
  });

  it('cannot open while another drawer is open, nor while another modal owns the page', () => {
    expect(openDrawer({ tumblelog_name: 'bo' })).toBe(true);
    expect(openDrawer({ tumblelog_name: 'ann' })).toBe(false);
    expect(current().request?.tumblelog_name).toBe('bo');
    resetDrawerForTests();
    document.body.innerHTML = '<dialog open></dialog>';
    expect(openDrawer({ tumblelog_name: 'ann' })).toBe(false);
    expect(openDrawer({ tumblelog_name: '   ' })).toBe(false);
  });

  it('another blog from inside the drawer replaces it after 400 ms, without leaving the page', () => {
    const moved = vi.fn();
    onDrawerClosed(moved);
    openDrawer({ tumblelog_name: 'bo' });
    const opened = current().openCount;
    expect(replaceDrawer({ tumblelog_name: 'ann', post_id: '7' })).toBe(true);
    expect(current().phase).toBe('closing');
    vi.advanceTimersByTime(399);
    expect(current().phase).toBe('closing');
    vi.advanceTimersByTime(1);
    expect(current()).toMatchObject({ phase: 'open', request: { tumblelog_name: 'ann', post_id: '7' }, openCount: opened + 1 });
    vi.advanceTimersByTime(1000);
    expect(moved).not.toHaveBeenCalled();
  });
});
