import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LivePhoto } from './LivePhoto';

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { value: false, configurable: true });
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { value: true, configurable: true });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const still = <img src="/media/still.jpg" alt="Photo" />;

describe('LivePhoto', () => {
  it('press and hold on the photo plays; the badge says it is live and is a held key too', () => {
    const { container } = render(
      <LivePhoto keyframe="/media/still.jpg" video="/media/live.mp4">
        {still}
      </LivePhoto>,
    );
    const box = container.firstElementChild as HTMLElement;
    const video = container.querySelector('video')!;
    expect(video.muted).toBe(true);
    expect(box.dataset.phase).toBe('idle');
    fireEvent.pointerDown(screen.getByRole('img'), { pointerType: 'touch' });
    expect(box.dataset.phase).toBe('loading');
    act(() => void video.dispatchEvent(new Event('playing')));
    expect(box.dataset.phase).toBe('playing');
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.pointerUp(box);
    expect(box.dataset.phase).toBe('stopping');

    act(() => vi.advanceTimersByTime(600));
    const badge = screen.getByRole('button', { name: 'Live photo: press and hold to play' });
    expect(badge.textContent).toBe('LIVE');
    fireEvent.keyDown(badge, { key: ' ' });
    expect(badge.getAttribute('aria-pressed')).toBe('true');
    expect(box.dataset.phase).toBe('loading');
  });

  it('without its video or keyframe it is an error (logged), and shows the still alone', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<LivePhoto keyframe="/media/still.jpg" video={null}>{still}</LivePhoto>);
    expect(error).toHaveBeenCalledWith('A live photo needs a keyframe image and a video URL.', expect.anything());
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('img')).toBeTruthy();
  });

  it('the error can be suppressed', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<LivePhoto keyframe={undefined} video="/media/live.mp4" suppressErrors>{still}</LivePhoto>);
    expect(error).not.toHaveBeenCalled();
  });
});
