import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BLUR_REVEAL_MS, TEXT_BLURRED } from './attachments';
import { BlurredImage } from './BlurredImage';

describe('BlurredImage (spec 2 §4 "Image blur")', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is blurred with the notice; a click reveals over 300 ms and asks to unblur once', () => {
    const onReveal = vi.fn();
    render(<BlurredImage src="/i.png" width={500} height={250} alt="Photo" blurred onReveal={onReveal} />);
    expect(screen.getByText(TEXT_BLURRED)).toBeTruthy();
    expect(TEXT_BLURRED).toBe("Blurred because you don't follow this Tumblr yet. Click to reveal.");
    const button = screen.getByRole('button');
    fireEvent.click(button);
    fireEvent.click(button);
    expect(onReveal).toHaveBeenCalledOnce();
    expect(screen.queryByText(TEXT_BLURRED)).toBeNull();
    expect(button.dataset.phase).toBe('revealing');
    act(() => vi.advanceTimersByTime(BLUR_REVEAL_MS));
    expect(screen.queryByRole('button')).toBeNull();
    const img = screen.getByAltText('Photo');
    expect(img.getAttribute('width')).toBe('250');
    expect(img.getAttribute('height')).toBe('125');
  });

  it('is plain when not blurred, and clears when the server says so from another device', () => {
    const view = render(<BlurredImage src="/i.png" width={100} height={100} alt="Photo" blurred />);
    expect(screen.getByRole('button')).toBeTruthy();
    view.rerender(<BlurredImage src="/i.png" width={100} height={100} alt="Photo" blurred={false} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText(TEXT_BLURRED)).toBeNull();
  });
});
