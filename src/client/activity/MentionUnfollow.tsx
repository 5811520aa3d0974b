import { useFollow } from '../api/follows';
import { unfollowedText } from '../blogs/follow-texts';
import { showToast } from '../ui/toast';
import styles from './Activity.module.css';

const ignore = () => {};

/**
 * Spec 2 §2: a mention notification row offers Unfollow when the viewer already follows whoever
 * mentioned them (Follow otherwise, as every row). Unfollows at once with Undo in a toast, as every Unfollow does; the
 * activity lists learn the new state from the follow caches.
 */
export function MentionUnfollow({ name }: { name: string }) {
  const follow = useFollow(name, { source: 'activity' });
  const unfollow = () => {
    follow.mutateAsync(false).catch(ignore);
    showToast({ text: unfollowedText(name), onUndo: () => void follow.mutateAsync(true).catch(ignore) });
  };
  return (
    <button type="button" className={`${styles.follow} ${styles.unfollow}`} onClick={unfollow} disabled={follow.isPending}>
      Unfollow
    </button>
  );
}
