import type { PostView } from '../../shared/posts/types';
import { SPONSORED_LABEL } from '../../shared/ads/types';
import { PostCard } from '../post/PostCard';
import type { Viewer } from '../ui/viewer';
import { logAdClick, useAdImpression } from './ad-log';
import styles from './Ads.module.css';

/** A promoted post in an ad slot, marked as sponsored (data-ad: the ad loader sees it rendered). */
export function SponsoredPost({ post, viewer }: { post: PostView; viewer: Viewer }) {
  useAdImpression(post, 'drawer');
  return (
    <div className={styles.sponsored} data-ad={post.id} onClickCapture={(event) => logAdClick(event, post, 'drawer')}>
      <p className={styles.label}>{SPONSORED_LABEL}</p>
      <PostCard post={post} viewer={viewer} />
    </div>
  );
}
