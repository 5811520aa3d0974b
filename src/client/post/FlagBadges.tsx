import type { PostView } from '../../shared/posts/types';
import styles from './PostCard.module.css';

/**
 * Issue 26.3: what the author set in the post form and readers should know: a members-only post
 * (kept off federation and GIF search) and one its author flagged NSFW. Not spec texts.
 */
export function FlagBadges({ post }: { post: Pick<PostView, 'members_only' | 'owner_flagged_nsfw'> }) {
  return (
    <>
      {post.members_only && (
        <span className={styles.badge} title="Only for members: not sent to other servers or shown in GIF search">
          Members only
        </span>
      )}
      {post.owner_flagged_nsfw && (
        <span className={styles.badge} title="Its author flagged this post as not safe for work">
          NSFW
        </span>
      )}
    </>
  );
}
