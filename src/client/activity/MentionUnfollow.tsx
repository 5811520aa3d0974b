import { useFollow } from '../api/follows';
import { UNFOLLOW_CANCEL, UNFOLLOW_OK, unfollowQuestion } from '../blogs/follow-texts';
import { confirmDialog } from '../ui/dialogs';
import styles from './Activity.module.css';

const ignore = () => {};

/**
 * Spec 2 §2: a mention notification row offers Unfollow when the viewer already follows whoever
 * mentioned them (Follow otherwise, as every row). Asks first, as every Unfollow does; the
 * activity lists learn the new state from the follow caches.
 */
export function MentionUnfollow({ name }: { name: string }) {
  const follow = useFollow(name, { source: 'activity' });
  const unfollow = async () => {
    if (await confirmDialog(unfollowQuestion(name), { okLabel: UNFOLLOW_OK, cancelLabel: UNFOLLOW_CANCEL })) {
      follow.mutateAsync(false).catch(ignore);
    }
  };
  return (
    <button type="button" className={`${styles.follow} ${styles.unfollow}`} onClick={() => void unfollow()} disabled={follow.isPending}>
      Unfollow
    </button>
  );
}
