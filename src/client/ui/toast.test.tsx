import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_MS, ToastHost, showToast } from './toast';

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => {
  // The toasts live in module state: a failed test leaves none behind for the next.
  screen.queryAllByRole('button', { name: 'Dismiss' }).forEach((button) => fireEvent.click(button));
  vi.useRealTimers();
});

function shown() {
  const onUndo = vi.fn();
  const onExpire = vi.fn();
  render(
    <>
      <button type="button">Before</button>
      <ToastHost />
    </>,
  );
  act(() => void showToast({ text: 'Post deleted.', onUndo, onExpire }));
  return { onUndo, onExpire };
}

describe('the toast', () => {
  it('is announced in a status region, and Undo calls back instead of the time out', () => {
    const { onUndo, onExpire } = shown();
    expect(screen.getByRole('status').textContent).toContain('Post deleted.');
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onUndo).toHaveBeenCalledTimes(1);
    act(() => void vi.advanceTimersByTime(TOAST_MS * 2));
    expect(onExpire).not.toHaveBeenCalled();
    expect(screen.queryByText('Post deleted.')).toBeNull();
  });

  it('goes after about six seconds, calling the time out once', () => {
    const { onUndo, onExpire } = shown();
    act(() => void vi.advanceTimersByTime(TOAST_MS - 100));
    expect(onExpire).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(200));
    expect(onExpire).toHaveBeenCalledTimes(1);
    expect(onUndo).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('stays while hovered, and has its full time again once left', () => {
    const { onExpire } = shown();
    fireEvent.mouseEnter(screen.getByText('Post deleted.').parentElement!);
    act(() => void vi.advanceTimersByTime(TOAST_MS * 3));
    expect(onExpire).not.toHaveBeenCalled();
    fireEvent.mouseLeave(screen.getByText('Post deleted.').parentElement!);
    act(() => void vi.advanceTimersByTime(TOAST_MS + 10));
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('stays while focused', () => {
    const { onExpire } = shown();
    act(() => screen.getByRole('button', { name: 'Undo' }).focus());
    act(() => void vi.advanceTimersByTime(TOAST_MS * 3));
    expect(onExpire).not.toHaveBeenCalled();
    act(() => screen.getByRole('button', { name: 'Before' }).focus());
    act(() => void vi.advanceTimersByTime(TOAST_MS + 10));
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('is reached by keyboard, and Enter on Undo undoes', async () => {
    vi.useRealTimers();
    const user = userEvent.setup();
    const { onUndo, onExpire } = shown();
    screen.getByRole('button', { name: 'Before' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Undo' }));
    await user.keyboard('{Enter}');
    expect(onUndo).toHaveBeenCalledTimes(1);
    expect(onExpire).not.toHaveBeenCalled();
  });

  it('Escape dismisses it as a time out', async () => {
    vi.useRealTimers();
    const user = userEvent.setup();
    const { onUndo, onExpire } = shown();
    screen.getByRole('button', { name: 'Undo' }).focus();
    await user.keyboard('{Escape}');
    expect(onExpire).toHaveBeenCalledTimes(1);
    expect(onUndo).not.toHaveBeenCalled();
    expect(screen.queryByText('Post deleted.')).toBeNull();
  });
});
