import { useQueryClient } from '@tanstack/react-query';
import type { PostView } from '../../shared/posts/types';
import { HeartIcon } from './action-icons';
import { toggleLike } from './like-queue';
import styles from './PostCard.module.css';
import { useActionSource } from './use-action-source';

/** The heart: red when liked. A toggle button, so its name stays "Like" and aria-pressed tells the state. */
export function LikeButton({ post }: { post: PostView }) {
  const queryClient = useQueryClient();
  const source = useActionSource();
  return (
    <button
      type="button"
      className={`${styles.iconButton} ${post.liked ? styles.liked : ''}`}
      aria-label="Like"
      aria-pressed={post.liked}
      data-tooltip={post.liked ? 'Unlike' : 'Like'}
      // A failed call is reported where it fails, and the heart falls back by itself.
      onClick={() => void toggleLike(queryClient, post, !post.liked, source).catch(() => {})}
    >
      <HeartIcon filled={post.liked} />
    </button>
  );
}
