import { useEffect, useRef, useState } from 'react';
import { ADS } from '../../shared/ads/types';

/**
 * Spec 2 §9 ad auto-refresh: a new ad every 10 s, at most 25 times, only while the slot is in
 * view and the page is shown. Returns the refresh count (the slot's load key: 0 is the first ad).
 */
export function useLrecRefresh(target: React.RefObject<Element | null>): number {
  const [refreshes, setRefreshes] = useState(0);
  const inView = useRef(false);

  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      inView.current = entries.some((entry) => entry.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);

  useEffect(() => {
    if (refreshes >= ADS.maxRefreshes) return;
    const timer = window.setInterval(() => {
      if (inView.current && document.visibilityState === 'visible') setRefreshes((n) => Math.min(n + 1, ADS.maxRefreshes));
    }, ADS.refreshMs);
    return () => window.clearInterval(timer);
  }, [refreshes]);

  return refreshes;
}
