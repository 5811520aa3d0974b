import { useEffect, useRef, useState, type RefObject } from 'react';
import { BLOG_SEARCH, DRAWER_TEXTS } from '../../shared/blog-viewer/constants';
import styles from './BlogDrawer.module.css';

/**
 * Spec 2 §2: 'Nothing here about {term}.' in the blog's title colour, filling the height left in
 * the drawer below it (measured again on resize, at most every 300 ms).
 */
export function NoResults({ term, scrollRef }: { term: string; scrollRef: RefObject<HTMLElement | null> }) {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState<number | undefined>(undefined);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const measure = () => {
      const element = ref.current;
      const container = scrollRef.current;
      if (!element || !container) return;
      const bottom = container.getBoundingClientRect().bottom;
      setHeight(Math.max(0, Math.floor(bottom - element.getBoundingClientRect().top)));
    };
    const onResize = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        measure();
      }, BLOG_SEARCH.noResultsResizeThrottleMs);
    };
    measure();
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [scrollRef]);
  return (
    <div ref={ref} className={styles.noResults} style={{ minHeight: height }} role="status">
      <p>{DRAWER_TEXTS.noResults(term)}</p>
    </div>
  );
}
