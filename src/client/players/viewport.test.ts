import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { filmstripFrame } from './filmstrip';
import { fullyInViewport, inViewport, throttle } from './viewport';

const box = (top: number, height = 300) => ({ top, bottom: top + height, left: 0, right: 540 });

describe('inViewport: the -100 px offset (spec 1 §9)', () => {
  it('counts a box only once it is more than 100 px inside the viewport', () => {
    expect(inViewport(box(800), 1280, 900)).toBe(false);
    expect(inViewport(box(799), 1280, 900)).toBe(true);
    expect(inViewport(box(-200), 1280, 900)).toBe(false);
    expect(inViewport(box(-199), 1280, 900)).toBe(true);
  });

  it('fully in view means entirely inside the shrunk viewport', () => {
    expect(fullyInViewport(box(100), 900)).toBe(true);
    expect(fullyInViewport(box(99), 900)).toBe(false);
    expect(fullyInViewport(box(501), 900)).toBe(false);
  });
});

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at once, then at most once more per window', () => {
    const fn = vi.fn();
    const run = throttle(fn, 500);
    run();
    run();
    run();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(500);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(500);
    expect(fn).toHaveBeenCalledTimes(2);
    run.cancel();
  });
});

describe('filmstripFrame: 10 frames side by side', () => {
  const strip = { url: '/f.jpg', width: 1600, height: 90 };
  it('picks the frame under the pointer', () => {
    expect(filmstripFrame(strip, 0)).toEqual({ index: 0, width: 160, height: 90, offsetX: -0 });
    expect(filmstripFrame(strip, 0.55)).toMatchObject({ index: 5, offsetX: -800 });
    expect(filmstripFrame(strip, 1)).toMatchObject({ index: 9, offsetX: -1440 });
  });
});
