import { useEffect, useState } from 'react';
import { STICKY_DELAY_MS, STICKY_THRESHOLD_PX } from '../../shared/mobile-header';

/**
 * Spec 2 §9: the header sticks (a solid bar over the page) once the page has stayed scrolled past
 * 45 px for 500 ms; back at the top it is unstuck (transparent over the page's own top) at once.
 */
export function useStickyHeader(): boolean {
  const [stuck, setStuck] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      if (window.scrollY > STICKY_THRESHOLD_PX) {
        if (timer === undefined) timer = setTimeout(() => setStuck(true), STICKY_DELAY_MS);
      } else {
        clearTimeout(timer);
        timer = undefined;
        setStuck(false);
      }
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  return stuck;
}
