import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdLoader } from './AdLoader';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('AdLoader (spec 2 §4: up to 5 checks at 1 s, then an empty container is removed)', () => {
  it('removes a container that rendered no ad after the fifth check, not before', () => {
    const removed = vi.fn();
    render(<AdLoader label="Sponsored post" onRemoved={removed}>{null}</AdLoader>);
    const slot = screen.getByRole('complementary', { name: 'Sponsored post' });
    act(() => vi.advanceTimersByTime(4999));
    expect(slot).not.toBeNull();
    expect(removed).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('complementary', { name: 'Sponsored post' })).toBeNull();
    expect(removed).toHaveBeenCalledTimes(1);
  });

  it('keeps a container whose ad arrived within the checks', () => {
    const { rerender } = render(<AdLoader label="Sponsored post">{null}</AdLoader>);
    act(() => vi.advanceTimersByTime(3000));
    rerender(
      <AdLoader label="Sponsored post">
        <div data-ad="7">An ad</div>
      </AdLoader>,
    );
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('complementary', { name: 'Sponsored post' }).getAttribute('data-ad-state')).toBe('filled');
    act(() => vi.advanceTimersByTime(10000));
    expect(screen.getByText('An ad')).not.toBeNull();
  });
});
