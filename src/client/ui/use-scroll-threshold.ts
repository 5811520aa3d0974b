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

/**
 * A list's own rule for loading more, instead of the 90 percent: the bottom within `offsetPx` of
 * the viewport's bottom, scroll read at most every `throttleMs`, a load asked at most every
 * `triggerMs` (the drawer's autopagination, spec 2 §9).
 */
export interface ScrollTrigger {
  offsetPx: number;
  throttleMs: number;
  triggerMs: number;
}

/** Whether the bottom of the viewport is within `offsetPx` of the end of the content. */
export function nearBottom(scrollTop: number, viewportHeight: number, scrollHeight: number, offsetPx: number) {
  return scrollHeight - (scrollTop + viewportHeight) <= offsetPx;
}

function containerPassedThreshold(element: HTMLElement | null, trigger?: ScrollTrigger) {
  const [top, height, total] = element
    ? [element.scrollTop, element.clientHeight, element.scrollHeight]
    : [window.scrollY, window.innerHeight, document.documentElement.scrollHeight];
  return trigger ? nearBottom(top, height, total, trigger.offsetPx) : passedThreshold(top, height, total);
}

/**
 * Calls `onReach` while `enabled` and the container is scrolled past the threshold: on its scroll
 * and on resize (once per frame at most), and also when `enabled` turns on or `version` changes,
 * for a list too short to scroll at all.
 */
export function useScrollThreshold(onReach: () => void, enabled: boolean, version: unknown, container?: ScrollContainer, trigger?: ScrollTrigger) {
  const latest = useRef(onReach);
  const lastTrigger = useRef(0);
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
    let throttle: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      if (!containerPassedThreshold(element, trigger)) return;
      const wait = trigger ? lastTrigger.current + trigger.triggerMs - Date.now() : 0;
      if (wait > 0) {
        // Asked again too soon: look once more when the trigger allows it.
        throttle ??= setTimeout(() => {
          throttle = undefined;
          read();
        }, wait);
        return;
      }
      lastTrigger.current = Date.now();
      latest.current();
    };
    const check = () => {
      if (frame || throttle) return;
      if (trigger) {
        throttle = setTimeout(() => {
          throttle = undefined;
          read();
        }, trigger.throttleMs);
        return;
      }
      frame = requestAnimationFrame(() => {
        frame = 0;
        read();
      });
    };
    // A list too short to scroll loads its next page without waiting for a scroll.
    check();
    scroller.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      clearTimeout(throttle);
      cancelAnimationFrame(frame);
      scroller.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [enabled, version, container, trigger]);
}
