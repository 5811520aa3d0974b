import { useEffect, useRef, type RefObject } from 'react';
import { logEvent } from '../logging';
import { createImpressionTracker, type ImpressionTracker } from '../logging/impressions';

/**
 * Logs post impressions for the cards inside `listRef` (issue 17): one tracker per mounted list,
 * so a post counts once per view of the list; `version` changes when more cards arrive.
 */
export function useImpressions(listRef: RefObject<HTMLElement | null>, version: unknown) {
  const tracker = useRef<ImpressionTracker | null>(null);
  useEffect(() => {
    tracker.current = createImpressionTracker(logEvent);
    return () => {
      tracker.current?.disconnect();
      tracker.current = null;
    };
  }, []);
  useEffect(() => {
    const list = listRef.current;
    if (!list || !tracker.current) return;
    // A post from another server (data-remote) is none of ours to count.
    list.querySelectorAll('article[data-post-id]:not([data-remote])').forEach((card) => tracker.current!.observe(card));
  }, [listRef, version]);
}
