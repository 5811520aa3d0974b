import { TEXT_POST_GONE } from '../../shared/messaging/constants';
import { inAppHref } from '../../shared/routes';
import styles from './Window.module.css';
import { retryButtonLabel, type Outgoing } from './send-queue';
import type { Message, PostRef } from './types';

/** A post sent in a message: a small card with its summary and thumbnail, or the removed line. */
function PostCard({ post }: { post: PostRef | null | undefined }) {
  if (!post || post.state === 'disabled') return <span className={styles.gone}>{TEXT_POST_GONE}</span>;
  const body = (
    <>
      {post.thumbnail_url && <img className={styles.postThumb} src={post.thumbnail_url} alt="" width={60} height={60} loading="lazy" />}
      <span className={styles.postText}>
        {post.blog_name && <span className={styles.postBlog}>{post.blog_name}</span>}
        <span>{post.summary || 'A post'}</span>
      </span>
    </>
  );
  return post.post_url ? (
    <a className={styles.postCard} href={inAppHref(post.post_url)}>
      {body}
    </a>
  ) : (
    <span className={styles.postCard}>{body}</span>
  );
}

export function MessageBody({ message }: { message: Pick<Message, 'type' | 'content' | 'post'> }) {
  if (message.type === 'POSTREF') {
    return (
      <>
        <PostCard post={message.post} />
        {message.content?.text && <p className={styles.text}>{message.content.text}</p>}
      </>
    );
  }
  return <p className={styles.text}>{message.content?.text ?? ''}</p>;
}

interface OutgoingProps {
  item: Outgoing;
  onRetry: () => void;
  onClose: () => void;
}

/** A message of the user's still on its way, or one that did not send, with its button. */
export function OutgoingBubble({ item, onRetry, onClose }: OutgoingProps) {
  const label = retryButtonLabel(item);
  return (
    <li className={`${styles.message} ${styles.mine} ${item.status === 'error' ? styles.failed : ''}`} data-status={item.status}>
      <div className={styles.bubble} aria-busy={item.status === 'pending' || item.status === 'queued'}>
        <MessageBody message={{ type: item.type, content: { text: item.text }, post: item.post }} />
      </div>
      {item.status === 'error' && (
        <div className={styles.sendError} role="alert">
          <span>{item.errorText}</span>
          {label && (
            <button type="button" className={styles.smallButton} onClick={onRetry} disabled={!item.canRetry}>
              {label}
            </button>
          )}
          {!item.canRetry && (
            <button type="button" className={styles.smallButton} onClick={onClose}>
              Close
            </button>
          )}
        </div>
      )}
      {label === 'Trying...' && <span className={styles.sendState}>Trying...</span>}
    </li>
  );
}
