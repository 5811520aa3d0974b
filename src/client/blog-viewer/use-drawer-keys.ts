import { useCallback, useRef, type KeyboardEvent, type RefObject } from 'react';
import { DRAWER, DRAWER_SOURCE_ATTR } from '../../shared/blog-viewer/constants';
import { currentPostIndex, drawerKeyAction, targetPostIndex } from './keyboard-map';

/** The posts of the drawer's list, in order (a feed's own articles, not the ones inside a trail). */
const postsIn = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('[role="feed"] > article[data-post-id]')];

/** Scrolls the container to `to` over the spec's 200 ms (spec 2 §9), eased; reduced motion jumps. */
function scrollSmoothly(container: HTMLElement, to: number, frame: { current: number }) {
  cancelAnimationFrame(frame.current);
  const from = container.scrollTop;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  if (reduce || from === to) {
    container.scrollTop = to;
    return;
  }
  const start = performance.now();
  const step = (now: number) => {
    const t = Math.min(1, (now - start) / DRAWER.keyboardScrollSpeedMs);
    const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
    container.scrollTop = from + (to - from) * eased;
    if (t < 1) frame.current = requestAnimationFrame(step);
  };
  frame.current = requestAnimationFrame(step);
}

/** Clicks the control of a post, if it has it (a post that cannot be liked has no Like). */
const press = (post: HTMLElement | undefined, selector: string) => post?.querySelector<HTMLElement>(selector)?.click();

/**
 * A post's action by its name, whatever element carries it: Reblog is a link (it opens the form)
 * while Like and Share are buttons, and a key must not depend on which.
 */
const control = (label: string) => `:is(a, button)[aria-label="${label}"]`;

/**
 * The drawer's keyboard (spec 2 §2): j and k move between posts, l likes, r reblogs, s shares,
 * period goes to the top, enter opens the reblog source's blog. Not while typing in a field.
 */
export function useDrawerKeys(scrollRef: RefObject<HTMLElement | null>) {
  const frame = useRef(0);
  return useCallback(
    (event: KeyboardEvent) => {
      const container = scrollRef.current;
      const { key, ctrlKey, metaKey, altKey, target } = event;
      const action = drawerKeyAction({ key, ctrlKey, metaKey, altKey, target });
      if (!container || !action) return;
      const offset = DRAWER.keyboardScrollOffsetPx;
      const posts = postsIn(container);
      const containerTop = container.getBoundingClientRect().top;
      const tops = posts.map((post) => post.getBoundingClientRect().top - containerTop);
      const current = posts[currentPostIndex(tops, offset) ?? -1];
      switch (action) {
        case 'next':
        case 'previous': {
          const index = targetPostIndex(tops, action, offset);
          if (index === null) return;
          event.preventDefault();
          scrollSmoothly(container, container.scrollTop + tops[index] - offset, frame);
          return;
        }
        case 'top':
          event.preventDefault();
          scrollSmoothly(container, 0, frame);
          return;
        case 'like':
          event.preventDefault();
          press(current, control('Like'));
          return;
        case 'reblog':
          event.preventDefault();
          press(current, control('Reblog'));
          return;
        case 'share':
          event.preventDefault();
          press(current, control('Share'));
          return;
        case 'openSource':
          if (!current?.querySelector(`[${DRAWER_SOURCE_ATTR}]`)) return;
          event.preventDefault();
          press(current, `[${DRAWER_SOURCE_ATTR}]`);
          return;
      }
    },
    [scrollRef],
  );
}
