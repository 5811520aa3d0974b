import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AudioPlayer } from './AudioPlayer';
import { VideoPlayer, type VideoPlayerProps } from './VideoPlayer';
import { renderWithCache } from '../test/test-utils';

// Spec 2 §4 docked media, with the players' real controllers and jsdom's media faked as in Players.test.
beforeEach(() => {
  vi.useFakeTimers();
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
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const IN = { top: 200, bottom: 500 };
const OUT = { top: -900, bottom: -600 };

/** Puts a player's slot (its place in the post) at `rect` and lets the throttled scroll check run. */
function place(slot: Element, rect: { top: number; bottom: number }) {
  vi.spyOn(slot, 'getBoundingClientRect').mockReturnValue({ ...rect, left: 0, right: 500, width: 500, height: rect.bottom - rect.top, x: 0, y: rect.top, toJSON: () => ({}) });
  act(() => {
    vi.advanceTimersByTime(600);
    window.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(600);
  });
}

const videoProps = (id: string): VideoPlayerProps => ({
  src: `/media/${id}.mp4`, hdSrc: null, poster: null, duration: 20, filmstrip: null, width: 1280, height: 720,
  post: { post_id: id, root_post_id: id, blog_uuid: 't:1' },
});

function video(id: string) {
  const view = renderWithCache(<VideoPlayer {...videoProps(id)} />);
  const slot = view.container.firstElementChild!;
  place(slot, IN);
  return { ...view, slot, box: slot.firstElementChild as HTMLElement, media: view.container.querySelector('video')! };
}

const docked = () => document.documentElement.dataset.mediaDocked !== undefined;

describe('docked media', () => {
  it('a video the person plays with sound docks when scrolled away, keeps playing, and comes back in place', () => {
    const { slot, box, media } = video('1');
    fireEvent.click(media); // autoplay off, sound on, playing
    act(() => vi.advanceTimersByTime(600));
    place(slot, OUT);
    expect(box.dataset.docked).toBe('true');
    expect(media.paused).toBe(false);
    expect(docked()).toBe(true);
    place(slot, IN);
    expect(box.dataset.docked).toBeUndefined();
    expect(docked()).toBe(false);
    expect(media.paused).toBe(false);
  });

  it('an autoplaying muted video pauses when it leaves the view instead (spec 1 §4)', () => {
    const { slot, box, media } = video('2');
    expect(media.paused).toBe(false); // autoplayed in view
    place(slot, OUT);
    expect(media.paused).toBe(true);
    expect(box.dataset.docked).toBeUndefined();
    expect(docked()).toBe(false);
  });

  it("Close takes it out of the dock and stops it", () => {
    const { slot, box, media } = video('3');
    fireEvent.click(media);
    place(slot, OUT);
    fireEvent.click(within(box).getByRole('button', { name: 'Close the docked video' }));
    expect(box.dataset.docked).toBeUndefined();
    expect(media.paused).toBe(true);
    expect(docked()).toBe(false);
  });

  it('one at a time: a video with sound evicts docked audio; another video cannot evict it and pauses', () => {
    const audioView = renderWithCache(<AudioPlayer streamUrl="/media/a.mp3" track="Song" artist="Band" albumArt={null} />);
    const audioSlot = audioView.container.firstElementChild!;
    place(audioSlot, IN);
    fireEvent.click(screen.getByRole('button', { name: 'Play Song' }));
    place(audioSlot, OUT);
    const audioBox = audioSlot.firstElementChild as HTMLElement;
    expect(audioBox.dataset.docked).toBe('true');

    const first = video('4');
    fireEvent.click(first.media);
    place(first.slot, OUT);
    expect(first.box.dataset.docked).toBe('true');
    expect(audioBox.dataset.docked).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Play Song' })).toBeTruthy(); // the evicted audio stopped

    const second = video('5');
    fireEvent.click(second.media);
    place(second.slot, OUT);
    expect(second.box.dataset.docked).toBeUndefined();
    expect(second.media.paused).toBe(true);
    expect(first.box.dataset.docked).toBe('true');
  });
});
