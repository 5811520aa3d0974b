import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ADS, SPONSORED_LABEL, type LrecResponse } from '../../shared/ads/types';
import { apiGet } from '../api/client';
import { PostContent } from '../post/PostContent';
import { logAdClick, useAdImpression } from './ad-log';
import { AdLoader } from './AdLoader';
import styles from './Ads.module.css';
import { useLrecRefresh } from './lrec-refresh';

const WIDE = `(min-width: ${ADS.transitionWidth}px)`;

/** Spec 2 §9: the lrec slot is a desktop thing; it switches at 990 px. */
export function useWideWindow(): boolean {
  const [wide, setWide] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia(WIDE).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(WIDE);
    const change = () => setWide(query.matches);
    change();
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return wide;
}

/** The gutter's margin beside the column: 17 px, or -65 when the page has no right column (spec 2 §9). */
export const lrecMargin = (hasRightColumn: boolean) => (hasRightColumn ? ADS.margin : ADS.marginNoRightColumn);

/**
 * The side column's 300x250 ad (GET /svc/ads/lrec): a promoted post, refreshed every 10 s at most
 * 25 times while visible; the ad loader removes the slot when no ad came. Only on wide windows.
 */
export function LrecSlot({ hasRightColumn = true }: { hasRightColumn?: boolean }) {
  const wide = useWideWindow();
  if (!wide) return null;
  return <LrecGutter margin={lrecMargin(hasRightColumn)} />;
}

const adKeys = {
  /** One ad answer per refresh of the slot. */
  lrec: (refresh: number) => ['ads', 'lrec', refresh] as const,
};

function LrecGutter({ margin }: { margin: number }) {
  const gutter = useRef<HTMLDivElement>(null);
  const refresh = useLrecRefresh(gutter);
  const ad = useQuery({
    queryKey: adKeys.lrec(refresh),
    queryFn: () => apiGet<LrecResponse>('/svc/ads/lrec'),
    staleTime: Infinity,
    gcTime: 0,
  });
  // The ad shown stays while the next one loads; a failed or empty answer leaves the slot empty.
  const post = ad.data?.post ?? null;
  useAdImpression(post, 'lrec');
  const [removed, setRemoved] = useState(false);
  const remove = useCallback(() => setRemoved(true), []);
  if (removed) return null;
  return (
    <div ref={gutter} className={styles.gutter} style={{ width: ADS.gutter, marginLeft: margin }} data-lrec="" data-right-column="">
      <AdLoader className={styles.lrec} label="Sponsored post" onRemoved={remove}>
        {post && (
          <div className={styles.lrecInner} data-ad={post.id} onClickCapture={(event) => logAdClick(event, post, 'lrec')}>
            <p className={styles.label}>{SPONSORED_LABEL}</p>
            <p className={styles.lrecTitle}>
              <a className={styles.lrecLink} href={post.post_url}>
                {post.blog.name}
              </a>
            </p>
            <div className={styles.lrecText}>
              <PostContent content={post.content} />
            </div>
          </div>
        )}
      </AdLoader>
    </div>
  );
}
