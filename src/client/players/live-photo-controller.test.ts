import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_PHOTO } from '../../shared/players/constants';
import { FakeMedia } from './fake-media';
import { LivePhotoController } from './live-photo-controller';

let media: FakeMedia;
let live: LivePhotoController;
const phase = () => live.get().phase;

beforeEach(() => {
  vi.useFakeTimers();
  media = new FakeMedia();
  media.load(3);
  live = new LivePhotoController(media, null, () => Date.now());
});
afterEach(() => {
  live.dispose();
  vi.useRealTimers();
});

/** The browser has frames to show: 'playing'. */
const frames = () => media.fire('playing');

describe('live photo (spec 1 §4, §9)', () => {
  it('idle → loading on press, muted; playing once frames come; the video shows after the 375 ms post-roll', () => {
    expect(phase()).toBe('idle');
    expect(media.muted).toBe(true);
    live.press();
    expect(phase()).toBe('loading');
    expect(media.paused).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(phase()).toBe('loading');
    frames();
    expect(phase()).toBe('playing');
    vi.advanceTimersByTime(LIVE_PHOTO.postRollMs - 1);
    expect(live.get().videoShown).toBe(false);
    vi.advanceTimersByTime(1);
    expect(live.get().videoShown).toBe(true);
  });

  it('release after the guard: stopping for 500 ms, then reset to the still at half the duration, then idle', () => {
    live.press();
    frames();
    vi.advanceTimersByTime(1000);
    live.release();
    expect(phase()).toBe('stopping');
    expect(live.get().videoShown).toBe(false);
    vi.advanceTimersByTime(LIVE_PHOTO.deactivateMs - 1);
    expect(phase()).toBe('stopping');
    expect(media.paused).toBe(false);
    vi.advanceTimersByTime(1);
    expect(media.paused).toBe(true);
    expect(media.currentTime).toBe(1.5);
    expect(phase()).toBe('idle');
  });

  it('a quick tap keeps playing until 750 ms after the press (the hold guard)', () => {
    live.press();
    frames();
    vi.advanceTimersByTime(100);
    live.release();
    expect(phase()).toBe('playing');
    vi.advanceTimersByTime(LIVE_PHOTO.holdToPlayGuardMs - 101);
    expect(phase()).toBe('playing');
    vi.advanceTimersByTime(1);
    expect(phase()).toBe('stopping');
  });

  it('pressing again within the guard keeps it playing', () => {
    live.press();
    frames();
    vi.advanceTimersByTime(100);
    live.release();
    vi.advanceTimersByTime(100);
    live.press();
    vi.advanceTimersByTime(2000);
    expect(phase()).toBe('playing');
  });

  it('the end of the video stops it as a release does', () => {
    live.press();
    frames();
    media.end();
    expect(phase()).toBe('stopping');
  });

  it('uses the still time it is given', () => {
    live.dispose();
    live = new LivePhotoController(media, 0.4);
    live.press();
    frames();
    vi.advanceTimersByTime(800);
    live.release();
    vi.advanceTimersByTime(LIVE_PHOTO.deactivateMs);
    expect(media.currentTime).toBe(0.4);
  });

  it('a mouse resting 500 ms previews it; leaving stops it', () => {
    live.hoverStart();
    vi.advanceTimersByTime(LIVE_PHOTO.previewMs - 1);
    expect(phase()).toBe('idle');
    vi.advanceTimersByTime(1);
    expect(phase()).toBe('loading');
    frames();
    vi.advanceTimersByTime(1000);
    live.hoverEnd();
    expect(phase()).toBe('stopping');
  });

  it('leaving before the preview time plays nothing', () => {
    live.hoverStart();
    vi.advanceTimersByTime(300);
    live.hoverEnd();
    vi.advanceTimersByTime(1000);
    expect(phase()).toBe('idle');
    expect(media.paused).toBe(true);
  });

  it('a video that fails leaves the still, and presses do nothing more', () => {
    live.press();
    media.fail(4);
    expect(live.get()).toEqual({ phase: 'idle', videoShown: false, failed: true });
    live.press();
    expect(phase()).toBe('idle');
  });
});
