import { useEffect } from 'react';
import type { PostView } from '../../shared/posts/types';
import { logEvent } from '../logging';

export type AdSlotKind = 'drawer' | 'lrec';

const adFields = (post: PostView, slot: AdSlotKind) => ({ post_id: post.id, blog_uuid: post.blog.uuid, slot });

/**
 * Logs `ad_impression` once per slot view (the ad shown in this slot; a refreshed lrec ad is a
 * new view) through the behaviour log queue; the server counted the impression when it served it.
 */
export function useAdImpression(post: PostView | null, slot: AdSlotKind) {
  useEffect(() => {
    if (post) logEvent('ad_impression', adFields(post, slot));
    // One event per ad shown: the post's id names the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [post?.id, slot]);
}

/** Logs `ad_click` when a link inside the ad is followed (a click on the card's buttons is not one). */
export function logAdClick(event: React.MouseEvent, post: PostView, slot: AdSlotKind) {
  if ((event.target as Element).closest('a')) logEvent('ad_click', adFields(post, slot));
}
