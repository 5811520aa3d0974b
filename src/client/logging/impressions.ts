import type { LogFields } from '../../shared/logging/limits';

/** Issue 17: a post counts as seen when at least half of it stayed visible for one second. */
export const IMPRESSION = { visibleRatio: 0.5, dwellMs: 1000 } as const;

export interface ImpressionTracker {
  observe(element: Element): void;
  disconnect(): void;
}

/**
 * Watches post cards (elements with data-post-id and data-blog-uuid) and logs `post_impression`
 * once per post for the tracker's lifetime (one view of the list): a timer starts when half the
 * card is visible and is cancelled if it leaves before the second is up.
 */
export function createImpressionTracker(log: (name: string, fields: LogFields) => void, root: Element | null = null): ImpressionTracker | null {
  if (typeof IntersectionObserver === 'undefined') return null;
  const seen = new Set<string>();
  const timers = new Map<Element, ReturnType<typeof setTimeout>>();
  const watched = new WeakSet<Element>();
  const cancel = (element: Element) => {
    const timer = timers.get(element);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(element);
  };
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const element = entry.target;
        const postId = (element as HTMLElement).dataset.postId;
        if (!postId || seen.has(postId)) continue;
        if (entry.isIntersecting && entry.intersectionRatio >= IMPRESSION.visibleRatio) {
          if (timers.has(element)) continue;
          timers.set(
            element,
            setTimeout(() => {
              timers.delete(element);
              if (seen.has(postId)) return;
              seen.add(postId);
              observer.unobserve(element);
              log('post_impression', { post_id: postId, blog_uuid: (element as HTMLElement).dataset.blogUuid ?? '' });
            }, IMPRESSION.dwellMs),
          );
        } else {
          cancel(element);
        }
      }
    },
    { root, threshold: [0, IMPRESSION.visibleRatio] },
  );
  return {
    observe(element) {
      if (watched.has(element)) return;
      watched.add(element);
      observer.observe(element);
    },
    disconnect() {
      for (const element of [...timers.keys()]) cancel(element);
      observer.disconnect();
    },
  };
}
