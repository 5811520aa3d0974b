// May this viewer see this post: the single-post form of visibility.ts's list filters (state,
// privacy, suspension, blocks both ways), with spec 1 §6's safe mode as the cover it puts on a post.
// Every area that acts on one post (notes, likes, reblogs, shares, reports, messaging's post
// messages) loads it here.
import type { Db } from '../db/schema';
import type { Viewer } from '../http/session';
import { readerSafeMode } from '../safe-mode';
import { isSafeForWork, seenPost, type SeenPost } from '../visibility';

export type { SeenPost };

/** The post as the viewer may see it, or the 404 of one they may not (visibility.ts seenPost). */
export const visiblePost = (db: Db, viewer: Viewer | null, postId: string, blogName?: string): Promise<SeenPost> =>
  seenPost(db, viewer?.user.id ?? null, postId, blogName);

/**
 * Whether safe mode covers this post for this viewer (spec 1 §6: 'This post may contain sensitive
 * media.'): the reader's safe mode is on, the post or its blog is not safe for work, and it is not
 * the reader's own. Costs the flag's read only when the post is not safe for work.
 */
export async function safeModeCovers(db: Db, viewer: Viewer | null, seen: SeenPost): Promise<boolean> {
  if (seen.mine || isSafeForWork(seen.blog, seen.post)) return false;
  return readerSafeMode(db, viewer);
}
