import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VideoEventName } from '../../shared/players/constants';
import { publish, subscribe } from '../events/bus';
import { FakeMedia } from './fake-media';
import { VideoController, type VideoOptions } from './video-controller';

const post = { post_id: '11', root_post_id: '10', blog_uuid: 't:abc' };
let events: { name: VideoEventName; payload: Record<string, unknown> }[] = [];
let stopBus: () => void;
const made: VideoController[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  events = [];
  stopBus = subscribe('video', (event) => events.push(event as never));
});
afterEach(() => {
  made.splice(0).forEach((c) => c.dispose());
  stopBus();
  vi.useRealTimers();
});

function video(options: Partial<VideoOptions> = {}, loaded: number | null = 30) {
  const media = new FakeMedia();
  const controller = new VideoController(media, { src: '/v/sd.mp4', hdSrc: '/v/hd.mp4', post, ...options });
  made.push(controller);
  if (loaded != null) media.load(loaded);
  return { media, controller };
}
const names = () => events.map((e) => e.name).filter((n) => n !== 'timeupdate');

describe('VideoController: start (spec 1 §4, §9)', () => {
  it('starts muted and paused at volume 0.8 on the standard source, looping', () => {
    const { media, controller } = video();
    expect(media).toMatchObject({ muted: true, paused: true, volume: 0.8, src: '/v/sd.mp4' });
    expect(controller.get()).toMatchObject({ status: 'paused', muted: true, loop: true, autoplay: true, duration: 30 });
    expect(names()).toEqual(['initialLoad']);
  });

  it('loop is off for a video of 1 second or less', () => {
    expect(video({}, 1).controller.get().loop).toBe(false);
    expect(video({}, 1.01).controller.get().loop).toBe(true);
  });

  it('a live video (infinite duration) has type live in its events', () => {
    const { controller } = video({}, Number.POSITIVE_INFINITY);
    controller.setVisible(true);
    expect(events.at(-1)).toMatchObject({ name: 'auto_play', payload: { type: 'live', duration: null } });
  });
});

describe('VideoController: autoplay and the viewport', () => {
  it('autoplays muted when visible and pauses when it leaves the viewport', () => {
    const { media, controller } = video();
    controller.setVisible(true);
    expect(media.paused).toBe(false);
    expect(media.muted).toBe(true);
    controller.setVisible(false);
    expect(media.paused).toBe(true);
    expect(names()).toEqual(['initialLoad', 'auto_play', 'pause']);
    expect(events[1]!.payload).toMatchObject({ ...post, platform: 'web', type: 'replay', duration: 30, vendor: 'tumbleweed' });
  });

  it('autoplays when the duration is unknown, not when it is 1 second or less', () => {
    const unknown = video({}, null);
    unknown.controller.setVisible(true);
    expect(unknown.media.paused).toBe(false);
    const short = video({}, 1);
    short.controller.setVisible(true);
    expect(short.media.paused).toBe(true);
  });

  it('never autoplays on mobile', () => {
    const { media, controller } = video({ mobile: true });
    controller.setVisible(true);
    expect(media.paused).toBe(true);
  });

  it('a click turns autoplay off and unmutes; the next visibility check does not restart it', () => {
    const { media, controller } = video();
    controller.setVisible(true);
    controller.click();
    expect(media.muted).toBe(false);
    expect(media.paused).toBe(false);
    expect(controller.get()).toMatchObject({ autoplay: false, muted: false });
    controller.click();
    expect(media.paused).toBe(true);
    controller.setVisible(true);
    expect(media.paused).toBe(true);
    expect(names()).toEqual(['initialLoad', 'auto_play', 'unmute', 'pause']);
  });

  it('pauses when a post form or a post detail view opens', () => {
    const { media, controller } = video();
    controller.setVisible(true);
    publish('players:pause-all', { reason: 'post-form' });
    expect(media.paused).toBe(true);
  });
});

describe('VideoController: end, loop, restart', () => {
  it('at the end it loops from 0 when loop is on', () => {
    const { media, controller } = video();
    controller.togglePlay();
    media.advance(30);
    media.end();
    expect(media.currentTime).toBe(0);
    expect(media.paused).toBe(false);
    expect(names()).toEqual(['initialLoad', 'play', 'loop']);
  });

  it('at the end it pauses when loop is off; playing again is a restart', () => {
    const { media, controller } = video({}, 1);
    controller.togglePlay();
    media.end();
    expect(controller.get().status).toBe('paused');
    controller.togglePlay();
    expect(names()).toEqual(['initialLoad', 'play', 'end', 'restart']);
  });
});

describe('VideoController: errors (spec 1 §8)', () => {
  it.each([
    [1, 'aborted'],
    [2, 'network'],
    [3, 'decode'],
    [4, 'source not supported'],
    [5, 'encrypted'],
    [9, 'custom'],
  ])('code %i is %s: paused, loop and autoplay off, a failed event', (code, name) => {
    const { media, controller } = video();
    controller.setVisible(true);
    media.fail(code);
    expect(media.paused).toBe(true);
    expect(controller.get()).toMatchObject({ status: 'failed', loop: false, autoplay: false, error: { code, name } });
    expect(events.at(-1)).toMatchObject({ name: 'failed', payload: { code, name } });
    controller.setVisible(true);
    controller.click();
    expect(media.paused).toBe(true);
  });
});

describe('VideoController: HD toggle', () => {
  it('switches to the HD source after 300 ms keeping position, play and mute state', () => {
    const { media, controller } = video();
    controller.click();
    media.advance(12.5);
    controller.toggleHd();
    expect(controller.get().switching).toBe(true);
    vi.advanceTimersByTime(299);
    expect(media.src).toBe('/v/sd.mp4');
    vi.advanceTimersByTime(1);
    expect(media.src).toBe('/v/hd.mp4');
    // The browser drops the position and pauses when the source changes.
    media.paused = true;
    media.currentTime = 0;
    media.load(30);
    expect(media.currentTime).toBe(12.5);
    expect(media.paused).toBe(false);
    expect(media.muted).toBe(false);
    expect(controller.get()).toMatchObject({ hd: true, switching: false, status: 'playing' });
    expect(names()).toEqual(['initialLoad', 'unmute', 'play', 'resolutionchange']);
  });

  it('a paused muted video stays paused and muted, and switches back to standard', () => {
    const { media, controller } = video();
    media.currentTime = 7;
    controller.toggleHd();
    vi.advanceTimersByTime(300);
    media.currentTime = 0;
    media.load(30);
    expect(media).toMatchObject({ paused: true, muted: true, currentTime: 7 });
    controller.toggleHd();
    vi.advanceTimersByTime(300);
    expect(media.src).toBe('/v/sd.mp4');
    media.load(30);
    expect(controller.get().hd).toBe(false);
  });

  it('does nothing without an HD source', () => {
    const { media, controller } = video({ hdSrc: null });
    controller.toggleHd();
    vi.advanceTimersByTime(1000);
    expect(media.src).toBe('/v/sd.mp4');
    expect(controller.get().switching).toBe(false);
  });
});

describe('VideoController: time watched, scrubbing, waiting (spec 1 §9)', () => {
  it('polls the position every 150 ms; jumps under 0.3 s count as watched, a seek does not', () => {
    const { media, controller } = video();
    controller.togglePlay();
    media.advance(0.15);
    vi.advanceTimersByTime(150);
    media.advance(0.15);
    vi.advanceTimersByTime(150);
    media.advance(5);
    vi.advanceTimersByTime(150);
    const last = events.filter((e) => e.name === 'timeupdate').at(-1)!;
    expect(last.payload.time_elapsed).toBeCloseTo(0.3);
    expect(last.payload.position).toBeCloseTo(5.3);
    expect(events.filter((e) => e.name === 'timeupdate')).toHaveLength(3);
  });

  it('scrubbing pauses, seeks, and resumes if it was playing, with scrub_start and scrub_stop', () => {
    const { media, controller } = video();
    controller.togglePlay();
    controller.startScrub(0.1);
    expect(media.paused).toBe(true);
    controller.moveScrub(0.5);
    expect(media.currentTime).toBe(15);
    controller.endScrub(0.6);
    expect(media.currentTime).toBe(18);
    expect(media.paused).toBe(false);
    expect(names()).toEqual(['initialLoad', 'play', 'scrub_start', 'scrub_stop', 'play']);
  });

  it('a wait is logged only when it lasted 2000 ms or more', () => {
    const { media, controller } = video();
    controller.togglePlay();
    vi.advanceTimersByTime(1900);
    media.advance(0.1);
    vi.advanceTimersByTime(100);
    expect(names()).not.toContain('waiting');
    vi.advanceTimersByTime(2100);
    media.advance(0.1);
    vi.advanceTimersByTime(100);
    expect(names().filter((n) => n === 'waiting')).toHaveLength(1);
  });

  it('mute and unmute are events', () => {
    const { controller } = video();
    controller.setMuted(false);
    controller.setMuted(true);
    expect(names()).toEqual(['initialLoad', 'unmute', 'mute']);
  });
});
