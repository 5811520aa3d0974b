import type { PostView } from '../../shared/posts/types';
import { formatDateTime } from './format';
import styles from './PostCard.module.css';

/** Draft, queued, scheduled (with when) and private posts say so; published ones show nothing. */
export function StateBadge({ post }: { post: Pick<PostView, 'state_name' | 'publish_on'> }) {
  switch (post.state_name) {
    case 'draft':
      return <span className={styles.badge}>Draft</span>;
    case 'queued':
      return <span className={styles.badge}>Queued</span>;
    case 'private':
      return <span className={styles.badge}>Private</span>;
    case 'unapproved':
      return <span className={styles.badge}>Waiting in your inbox</span>;
    case 'scheduled':
      return (
        <span className={styles.badge}>
          Scheduled
          {post.publish_on && (
            <>
              {' for '}
              <time dateTime={post.publish_on}>{formatDateTime(post.publish_on)}</time>
            </>
          )}
        </span>
      );
    default:
      return null;
  }
}
