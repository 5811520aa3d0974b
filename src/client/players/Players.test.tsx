import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AudioPlayer } from './AudioPlayer';
import { VideoPlayer, type VideoPlayerProps } from './VideoPlayer';
import { renderWithCache } from '../test/test-utils';

// jsdom has no media playback: play and pause flip `paused` and fire the events as a browser does.
beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { value: false, configurable: true });
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    if (this.paused) return;
    Object.defineProperty(this, 'paused', { value: true, configurable: true });
    this.dispatchEvent(new Event('pause'));
  });
});
afterEach(() => vi.restoreAllMocks());

const track = (name: string) => <AudioPlayer streamUrl={`/media/${name}.mp3?nodownload=1`} track={name} artist="Band" albumArt={null} />;

describe('AudioPlayer', () => {
  it('plays from its button and a second player stops the first', () => {
    renderWithCache(
      <>
        {track('One')}
        {track('Two')}
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Play One' }));
    expect(screen.getByRole('button', { name: 'Pause One' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Play Two' }));
    expect(screen.getByRole('button', { name: 'Play One' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pause Two' })).toBeTruthy();
  });

  it('the seek bar is a slider operable by keyboard', () => {
    const { container } = renderWithCache(track('One'));
    const audio = container.querySelector('audio')!;
    Object.defineProperty(audio, 'duration', { value: 60, configurable: true });
    act(() => void audio.dispatchEvent(new Event('loadedmetadata')));
    const slider = screen.getByRole('slider', { name: 'Seek One' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(audio.currentTime).toBe(5);
    fireEvent.keyDown(slider, { key: 'End' });
    expect(audio.currentTime).toBe(60);
    expect(slider.getAttribute('aria-valuetext')).toBe('1:00 of 1:00');
  });

  it('a media error shows the failed state: the close icon, no more input', () => {
    const { container } = renderWithCache(track('One'));
    act(() => void container.querySelector('audio')!.dispatchEvent(new Event('error')));
    const button = screen.getByRole('button', { name: 'One cannot be played' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(container.querySelector('[data-state="failed"]')).toBeTruthy();
    expect(screen.getByRole('slider', { name: 'Seek One' }).getAttribute('aria-disabled')).toBe('true');
  });
});

const videoProps: VideoPlayerProps = {
  src: '/media/v.mp4',
  hdSrc: '/media/v-hd.mp4',
  poster: '/media/p.jpg',
  duration: 20,
  filmstrip: { url: '/media/strip.jpg', width: 1600, height: 90 },
  width: 1280,
  height: 720,
  post: { post_id: '1', root_post_id: '1', blog_uuid: 't:1' },
};

describe('VideoPlayer', () => {
  it('has named controls: play, seek, sound, HD (a toggle) and full screen', () => {
    const { container } = renderWithCache(<VideoPlayer {...videoProps} />);
    expect(container.querySelector('video')!.muted).toBe(true);
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
    expect(screen.getByRole('slider', { name: 'Seek' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unmute' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'HD' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Full screen' })).toBeTruthy();
  });

  it('a click on the picture unmutes and plays', () => {
    const { container } = renderWithCache(<VideoPlayer {...videoProps} />);
    fireEvent.click(container.querySelector('video')!);
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mute' })).toBeTruthy();
  });

  it('hovering the seek bar shows the filmstrip frame under the pointer', () => {
    const { container } = renderWithCache(<VideoPlayer {...videoProps} />);
    const slider = screen.getByRole('slider', { name: 'Seek' });
    vi.spyOn(slider, 'getBoundingClientRect').mockReturnValue({ left: 0, width: 200, top: 0, height: 20, right: 200, bottom: 20, x: 0, y: 0, toJSON: () => ({}) });
    fireEvent.pointerMove(slider, { clientX: 130 });
    const frame = container.querySelector<HTMLElement>('[data-frame]')!;
    expect(frame.dataset.frame).toBe('6');
    expect(frame.style.backgroundPosition).toBe('-960px 0px');
    fireEvent.pointerLeave(slider);
    expect(container.querySelector('[data-frame]')).toBeNull();
  });

  it('a live video has no seek bar and no duration; no HD button without an HD source', () => {
    renderWithCache(<VideoPlayer {...videoProps} duration={Number.POSITIVE_INFINITY} hdSrc={null} />);
    expect(screen.queryByRole('slider')).toBeNull();
    expect(screen.queryByRole('button', { name: 'HD' })).toBeNull();
  });

  it('a video in view when the page loads starts muted at once, with no scroll (spec 1 §4)', () => {
    // Well inside the window (jsdom's is 1024×768), past the -100 autoplay offset.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ left: 200, width: 400, top: 200, height: 225, right: 600, bottom: 425, x: 200, y: 200, toJSON: () => ({}) });
    const { container } = renderWithCache(<VideoPlayer {...videoProps} />);
    const video = container.querySelector('video')!;
    expect(video.paused).toBe(false);
    expect(video.muted).toBe(true);
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
  });
});
