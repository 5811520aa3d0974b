import { useEffect, useRef } from 'react';

/** Spec 1 §9: the next page loads when the scrollbar passes 90 percent. */
export const INFINITE_SCROLL_AT = 0.9;

/** Whether the bottom of the viewport has passed `fraction` of the page's height. */
export function passedThreshold(scrollTop: number, viewportHeight: number, scrollHeight: number, fraction = INFINITE_SCROLL_AT) {
  return scrollTop + viewportHeight >= scrollHeight * fraction;
}

const pagePassedThreshold = () =>
  passedThreshold(window.scrollY, window.innerHeight, document.documentElement.scrollHeight);

/**
 * Calls `onReach` while `enabled` and the page is scrolled past the threshold: on scroll and
 * resize (once per frame at most), and also when `enabled` turns on or `version` changes, for a
 * page too short to scroll at all.
 */
export function useScrollThreshold(onReach: () => void, enabled: boolean, version: unknown) {
  const latest = useRef(onReach);
  useEffect(() => {
    latest.current = onReach;
  });

  useEffect(() => {
    if (!enabled) return;
    let frame = 0;
    const check = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (pagePassedThreshold()) latest.current();
      });
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [enabled, version]);
}
