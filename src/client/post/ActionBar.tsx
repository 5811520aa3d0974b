import type { PostView } from '../../shared/posts/types';
import { InboxActions } from './InboxActions';
import { SendPostButton } from '../messaging/send-post/SendPostButton';
import { ShareButton } from '../share/ShareButton';
import { ReplyIcon } from './action-icons';
import { LikeButton } from './LikeButton';
import { OwnerActions } from './OwnerActions';
import styles from './PostCard.module.css';
import { ReblogButton } from './ReblogButton';
import type { Viewer } from '../ui/viewer';

interface ActionBarProps {
  post: PostView;
  viewer: Viewer;
  replyOpen: boolean;
  onReplyToggle: () => void;
}

/**
 * The icons at the right of a card's footer, in the classic order: share, reply, reblog, like.
 * Someone else's post: each only where the post allows it; the owner's: share, reply and their
 * tools, never like (spec 1 §6). A logged-out visitor can share and nothing more.
 */
export function ActionBar({ post, viewer, replyOpen, onReplyToggle }: ActionBarProps) {
  // Only a published post has an address to share; a private one shows no share options (spec 1 §6).
  const share = post.state_name === 'published' && !post.is_private && <ShareButton post={post} />;
  if (!viewer) return <div className={styles.actions}>{share}</div>;
  return (
    <div className={styles.actions}>
      {share}
      {share && <SendPostButton post={post} />}
      {post.can_reply && (
        <button
          type="button"
          className={`${styles.iconButton} ${replyOpen ? styles.active : ''}`}
          aria-label="Reply"
          aria-expanded={replyOpen}
          data-tooltip="Reply"
          onClick={onReplyToggle}
        >
          <ReplyIcon />
        </button>
      )}
      {post.is_mine && post.state_name === 'unapproved' ? (
        <InboxActions post={post} />
      ) : post.is_mine ? (
        <>
          {/* Issue 24.9: one's own published post may be reblogged too (never liked: spec 1 §6). */}
          {post.state_name === 'published' && post.can_be_reblogged && <ReblogButton post={post} />}
          <OwnerActions post={post} />
        </>
      ) : (
        <>
          {post.can_be_reblogged && <ReblogButton post={post} />}
          {post.can_be_liked && <LikeButton post={post} />}
        </>
      )}
    </div>
  );
}
