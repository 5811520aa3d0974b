import { useEffect, useRef, type RefObject } from 'react';

/** Spec 1 §9: the next page loads when the scrollbar passes 90 percent. */
export const INFINITE_SCROLL_AT = 0.9;

/**
 * Where a list scrolls: the window (the page) by default, or a scrolling element (a drawer's
 * panel) given by its ref.
 */
export type ScrollContainer = RefObject<HTMLElement | null> | undefined;

/** Whether the bottom of the viewport has passed `fraction` of the page's height. */
export function passedThreshold(scrollTop: number, viewportHeight: number, scrollHeight: number, fraction = INFINITE_SCROLL_AT) {
  return scrollTop + viewportHeight >= scrollHeight * fraction;
}

function containerPassedThreshold(element: HTMLElement | null) {
  if (element) return passedThreshold(element.scrollTop, element.clientHeight, element.scrollHeight);
  return passedThreshold(window.scrollY, window.innerHeight, document.documentElement.scrollHeight);
}

/**
 * Calls `onReach` while `enabled` and the container is scrolled past the threshold: on its scroll
 * and on resize (once per frame at most), and also when `enabled` turns on or `version` changes,
 * for a list too short to scroll at all.
 */
export function useScrollThreshold(onReach: () => void, enabled: boolean, version: unknown, container?: ScrollContainer) {
  const latest = useRef(onReach);
  useEffect(() => {
    latest.current = onReach;
  });

  useEffect(() => {
    if (!enabled) return;
    const element = container?.current ?? null;
    // A container given but not yet mounted has nothing to read.
    if (container && !element) return;
    const scroller: HTMLElement | Window = element ?? window;
    let frame = 0;
    const check = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (containerPassedThreshold(element)) latest.current();
      });
    };
    check();
    scroller.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      cancelAnimationFrame(frame);
      scroller.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [enabled, version, container]);
}
