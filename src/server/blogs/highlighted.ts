// The blog card's recent posts (spec 1 §2, §3 highlighted_posts): a few small snippets, read in
// one query on posts_blog_feed_covering_idx, whatever the blog's size.
import type { PostContent } from '../../shared/posts/types';
import type { HighlightedPost } from '../../shared/types';
import { postText } from '../content/summary';
import { postThumbnail } from '../content/thumbnail';
import type { Db } from '../db/schema';
import { postUrl } from '../hydration/post-views';
import { publicPost } from '../visibility';

export const HIGHLIGHTED_COUNT = 3;
export const SUMMARY_MAX = 140;
/** Card thumbnails are about 100 px wide: the smallest stored size at least this wide stays sharp. */
const THUMBNAIL_MIN_WIDTH = 200;

/** The blog's newest published, public posts: what anyone may see on its page. */
export const highlightedRows = (db: Db, blogId: string) =>
  db
    .selectFrom('posts')
    .select(['id', 'type', 'slug', 'content'])
    .where('blog_id', '=', blogId)
    .where(publicPost('posts'))
    .orderBy('publish_id', 'desc')
    .limit(HIGHLIGHTED_COUNT)
    .execute();

export function highlightedView(
  row: { id: string; type: string; slug: string; content: PostContent },
  blogName: string,
  publicUrl: string,
): HighlightedPost {
  return {
    id: row.id,
    post_url: postUrl(publicUrl, blogName, row),
    type: row.type,
    summary: postText(row.content, { max: SUMMARY_MAX }),
    thumbnail_url: postThumbnail(row.content, { minWidth: THUMBNAIL_MIN_WIDTH }),
  };
}
