// The viewport check of the players (spec 1 §9: autoplay viewport offset -100; issue 15: scroll
// check throttled to 500 ms). A scroll anywhere (the page or a drawer's panel) triggers it.
import { useEffect, useRef, type RefObject } from 'react';
import { VIDEO, VIEWPORT_CHECK_THROTTLE_MS } from '../../shared/players/constants';

/** Whether a box meets the viewport shrunk by -offset on every side (offset -100: 100 px inside). */
export function inViewport(rect: Pick<DOMRect, 'top' | 'bottom' | 'left' | 'right'>, width: number, height: number, offset: number = VIDEO.autoplayViewportOffset) {
  const inset = -offset;
  return rect.bottom > inset && rect.top < height - inset && rect.right > inset && rect.left < width - inset;
}

/** Whether a box is entirely inside the viewport shrunk by -offset (the carousel's "fully in view"). */
export function fullyInViewport(rect: Pick<DOMRect, 'top' | 'bottom'>, height: number, offset: number = VIDEO.autoplayViewportOffset) {
  const inset = -offset;
  return rect.top >= inset && rect.bottom <= height - inset;
}

/** Calls fn at most once per `ms`: at once, then once more at the end of the window if called meanwhile. */
export function throttle(fn: () => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let again = false;
  const run = () => {
    fn();
    timer = setTimeout(() => {
      timer = null;
      if (again) {
        again = false;
        run();
      }
    }, ms);
  };
  const call = () => {
    if (timer) again = true;
    else run();
  };
  call.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    again = false;
  };
  return call;
}

/**
 * Runs `check(rect)` on mount, on any scroll and on resize, throttled to 500 ms. `subject` is what
 * the check acts on when that is made after mount (a player made in an effect): the check runs again
 * the moment it exists, or a video in view at load would wait for a scroll to start.
 */
export function useViewportCheck(ref: RefObject<HTMLElement | null>, check: (rect: DOMRect) => void, subject: unknown = null) {
  const latest = useRef(check);
  useEffect(() => {
    latest.current = check;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const run = throttle(() => latest.current(element.getBoundingClientRect()), VIEWPORT_CHECK_THROTTLE_MS);
    run();
    // Capture: a scroll inside any container (the blog drawer's panel) counts too.
    window.addEventListener('scroll', run, { capture: true, passive: true });
    window.addEventListener('resize', run, { passive: true });
    return () => {
      run.cancel();
      window.removeEventListener('scroll', run, { capture: true });
      window.removeEventListener('resize', run);
    };
  }, [ref, subject]);
}

/** Spec 1 §4: no autoplay on mobile, read as a touch screen without hover. */
export const isMobile = () => Boolean(window.matchMedia?.('(hover: none) and (pointer: coarse)').matches);
