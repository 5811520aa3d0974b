import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissSaveNotice, saveNoticeText, showSaveNotice } from './save-notice';
import { SaveNoticeHost } from './SaveNoticeHost';

describe('save notice', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    act(() => dismissSaveNotice());
    vi.useRealTimers();
  });

  it('words each state', () => {
    expect(saveNoticeText('published', 'ann')).toBe('Posted to ann.');
    expect(saveNoticeText('draft', 'ann')).toBe('Saved as a draft.');
    expect(saveNoticeText('queued', 'ann')).toBe('Added to your queue.');
    expect(saveNoticeText('scheduled', 'ann')).toBe('Scheduled.');
    expect(saveNoticeText('private', 'ann')).toBe('Posted privately to ann.');
  });

  it('says an edit of a post that stays up was saved, not posted', () => {
    expect(saveNoticeText('published', 'ann', 'edit')).toBe('Your changes were saved.');
    expect(saveNoticeText('private', 'ann', 'edit')).toBe('Your changes were saved.');
    expect(saveNoticeText('draft', 'ann', 'edit')).toBe('Saved as a draft.');
    expect(saveNoticeText('published', 'ann', 'reblog')).toBe('Posted to ann.');
  });

  it('shows 250 ms after the save, in a status region, and goes away by itself', () => {
    render(<SaveNoticeHost />);
    const region = screen.getByRole('status');
    act(() => showSaveNotice('Posted to ann.'));
    act(() => vi.advanceTimersByTime(249));
    expect(region.textContent).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(region.textContent).toContain('Posted to ann.');
    act(() => vi.advanceTimersByTime(3999));
    expect(region.textContent).toContain('Posted to ann.');
    act(() => vi.advanceTimersByTime(1));
    expect(region.textContent).toBe('');
  });

  it('can be dismissed, and a newer notice replaces an older one', () => {
    render(<SaveNoticeHost />);
    act(() => {
      showSaveNotice('Saved as a draft.');
      vi.advanceTimersByTime(250);
    });
    act(() => {
      showSaveNotice('Scheduled.');
      vi.advanceTimersByTime(250);
    });
    expect(screen.getByRole('status').textContent).toBe('Scheduled.×');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
