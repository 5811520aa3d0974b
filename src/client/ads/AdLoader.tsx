import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ADS } from '../../shared/ads/types';

interface AdLoaderProps {
  /** What the slot holds; an ad marks its root with data-ad (SponsoredPost does). */
  children: ReactNode;
  className?: string;
  label: string;
  /** Told once when the container is removed (the gutter around it can go too). */
  onRemoved?: () => void;
}

/**
 * Spec 2 §4 Ad loader: checks the container for a rendered ad up to 5 times at 1 s intervals;
 * when none came, the container is removed (nothing is left in its place). An ad that arrives
 * later than that is not shown: the slot is gone, as the spec's provider reports failure.
 */
export function AdLoader({ children, className, label, onRemoved }: AdLoaderProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'waiting' | 'filled' | 'removed'>('waiting');

  useEffect(() => {
    if (state !== 'waiting') return;
    let checks = 0;
    const timer = window.setInterval(() => {
      checks++;
      if (ref.current?.querySelector('[data-ad]')) setState('filled');
      else if (checks >= ADS.loaderChecks) setState('removed');
    }, ADS.loaderIntervalMs);
    return () => window.clearInterval(timer);
  }, [state]);
  useEffect(() => {
    if (state === 'removed') onRemoved?.();
  }, [state, onRemoved]);

  if (state === 'removed') return null;
  return (
    <div ref={ref} className={className} aria-label={label} role="complementary" data-ad-state={state}>
      {children}
    </div>
  );
}
