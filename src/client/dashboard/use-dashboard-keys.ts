import { useEffect, useRef, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { currentPostIndex, targetPostIndex } from '../blog-viewer/keyboard-map';
import { dashboardKeyAction } from './dashboard-keys';

/** Room left above a post scrolled to: the header (when it shows again) does not cover its top. */
const READING_LINE_PX = 64;

/** The feed's own posts, in order (not the ones inside a trail). */
const postsIn = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('[role="feed"] > article[data-post-id]')];

/** A post's action by its name, whether a link (Reblog opens the form) or a button (Like). */
const press = (post: HTMLElement | undefined, label: string) => post?.querySelector<HTMLElement>(`:is(a, button)[aria-label="${label}"]`)?.click();

function goTo(post: HTMLElement) {
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: window.scrollY + post.getBoundingClientRect().top - READING_LINE_PX, behavior: reduce ? 'auto' : 'smooth' });
  // Focusable by script only: the post is not one more tab stop.
  if (!post.hasAttribute('tabindex')) post.tabIndex = -1;
  post.focus({ preventScroll: true });
}

/**
 * The dashboard's keyboard: j and k move between posts (scrolled to and focused), l likes and r
 * reblogs the current one (the focused post, else the one at the reading line), n opens a new
 * post, ? opens the shortcuts sheet. Never while typing, with a modifier, or in a dialog.
 */
export function useDashboardKeys(containerRef: RefObject<HTMLElement | null>, onHelp: () => void) {
  const navigate = useNavigate();
  const help = useRef(onHelp);
  useEffect(() => {
    help.current = onHelp;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const { key, ctrlKey, metaKey, altKey, target } = event;
      const action = dashboardKeyAction({ key, ctrlKey, metaKey, altKey, target });
      const container = containerRef.current;
      if (!action || !container) return;
      event.preventDefault();
      if (action === 'help') return help.current();
      if (action === 'newPost') return void navigate('/new/text', { replace: true });
      const posts = postsIn(container);
      const focused = posts.findIndex((post) => post.contains(document.activeElement));
      const tops = posts.map((post) => post.getBoundingClientRect().top);
      const current = focused >= 0 ? focused : currentPostIndex(tops, READING_LINE_PX);
      if (action === 'like') return press(posts[current ?? -1], 'Like');
      if (action === 'reblog') return press(posts[current ?? -1], 'Reblog');
      const index =
        focused >= 0 ? Math.min(Math.max(focused + (action === 'next' ? 1 : -1), 0), posts.length - 1) : targetPostIndex(tops, action, READING_LINE_PX);
      if (index !== null && posts[index]) goTo(posts[index]);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [containerRef, navigate]);
}
