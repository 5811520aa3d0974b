import { useLocation, useNavigate } from 'react-router';
import { useFollow, useSubscription } from '../api/follows';
import { useUserInfo } from '../api/user';
import { showToast } from '../ui/toast';
import styles from './FollowButton.module.css';
import { followPath, unfollowedText } from './follow-texts';
import { Button } from '../ui/Button';

interface FollowButtonProps {
  blog: { name: string; following?: boolean; is_blocked?: boolean };
  /** Where the follow was made, for the server (card, following page, ...). */
  source?: string;
  className?: string;
}

const ignore = () => {};

/**
 * Follow or Unfollow (spec 1 §4): the button turns at once and turns back if the call fails.
 * Unfollowing happens at once, with Undo in a toast for a few seconds. Logged out, Follow goes to the follow page; on the viewer's own blogs
 * there is no button.
 */
export function FollowButton({ blog, source, className = '' }: FollowButtonProps) {
  const { data: info } = useUserInfo();
  const follow = useFollow(blog.name, source ? { source } : {});
  const navigate = useNavigate();
  const location = useLocation();
  // No Follow for one's own blogs, nor across a block (the server would refuse it).
  if (blog.is_blocked || info?.user.channels.some((channel) => channel.name === blog.name)) return null;

  const onFollow = () => {
    if (!info) {
      navigate(followPath(blog.name), { state: { from: `${location.pathname}${location.search}` } });
      return;
    }
    // The failure shows below the button; the cache is already back to the confirmed state.
    follow.mutateAsync(true).catch(ignore);
  };
  const onUnfollow = () => {
    follow.mutateAsync(false).catch(ignore);
    // Undo may come after this button is gone (a closed card): the mutation runs without it.
    showToast({ text: unfollowedText(blog.name), onUndo: () => void follow.mutateAsync(true).catch(ignore) });
  };

  return (
    <span className={styles.wrap}>
      {blog.following ? (
        <Button variant="secondary" className={className} onClick={onUnfollow}>
          Unfollow
        </Button>
      ) : (
        <Button variant="primary" className={className} onClick={onFollow}>
          Follow
        </Button>
      )}
      {follow.isError && (
        <span role="alert" className={styles.error}>
          {follow.error.message}
        </span>
      )}
    </span>
  );
}

function BellIcon({ on }: { on: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        fill={on ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        d="M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6zm-2 15a2 2 0 0 0 4 0"
      />
    </svg>
  );
}

/** The bell: hear of a followed blog's new posts (spec 1 §4: only while following). */
export function SubscribeToggle({ blog }: { blog: { name: string; following?: boolean; is_subscribed?: boolean } }) {
  const subscription = useSubscription(blog.name);
  if (!blog.following) return null;
  const on = Boolean(blog.is_subscribed);
  return (
    <span className={styles.wrap}>
      <button
        type="button"
        className={`${styles.bell} ${on ? styles.bellOn : ''}`}
        aria-pressed={on}
        aria-label={on ? `Stop notifications of new posts from ${blog.name}` : `Get notified of new posts from ${blog.name}`}
        title={on ? 'Subscribed to new posts' : 'Subscribe to new posts'}
        onClick={() => subscription.mutateAsync(!on).catch(ignore)}
      >
        <BellIcon on={on} />
      </button>
      {subscription.isError && (
        <span role="alert" className={styles.error}>
          {subscription.error.message}
        </span>
      )}
    </span>
  );
}
