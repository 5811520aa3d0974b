import { useState } from 'react';
import { POST_REF_THUMBNAIL_WIDTH, TEXT_POST_GONE } from '../../shared/messaging/constants';
import { inAppHref } from '../../shared/routes';
import styles from './Window.module.css';
import attach from './Attachments.module.css';
import { SensitiveCover } from '../appeals/SensitiveCover';
import { hidesFrom, useReaderSafeMode } from '../ui/safe-mode';
import { BlurredImage } from './BlurredImage';
import { MessageText } from './MessageText';
import { retryButtonLabel, type Outgoing } from './send-queue';
import type { Message, MessageImage, PostRef } from './types';

/**
 * A post sent in a message: a small card with its summary and thumbnail, or the removed line. In
 * safe mode someone else's sensitive post is covered as on the dashboard (spec 2 §6, §7 "Safe
 * mode"), until the reader chooses to see it.
 */
function PostCard({ post }: { post: PostRef | null | undefined }) {
  const reader = useReaderSafeMode();
  const [shown, setShown] = useState(false);
  if (!post || post.state === 'disabled') return <span className={styles.gone}>{TEXT_POST_GONE}</span>;
  if (post.is_nsfw && !shown && hidesFrom(reader, post.blog_name ?? '')) return <SensitiveCover onShow={() => setShown(true)} />;
  const body = (
    <>
      {/* Spec 2 §9: thumbnails 210 px wide. */}
      {post.thumbnail_url && <img className={styles.postThumb} src={post.thumbnail_url} alt="" width={POST_REF_THUMBNAIL_WIDTH} loading="lazy" />}
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

/** The size to show: the 250 px wide one when there is one, else the original. */
export function displaySize(image: MessageImage) {
  return image.alt_sizes?.find((size) => size.width === 250) ?? image.original_size;
}

/** A GIF message whose file another site serves: shown as this line, never fetched. */
export const GIF_UNAVAILABLE = 'GIF unavailable: it was linked from another site.';

type BodyMessage = Pick<Message, 'type' | 'content' | 'post' | 'images' | 'sticker' | 'context'>;

/** Images and stickers carry no bubble of their own: the picture is the message. */
export const isMediaMessage = (message: Pick<Message, 'type'>) => message.type === 'IMAGE' || message.type === 'STICKER';

interface BodyProps {
  message: BodyMessage;
  /** The other party's image while the viewer does not follow them (spec 2 §4 "Image blur"). */
  blurred?: boolean;
  onReveal?: () => void;
}

export function MessageBody({ message, blurred = false, onReveal }: BodyProps) {
  if (message.type === 'IMAGE') {
    const image = message.images?.[0];
    // The server leaves out an image it does not serve itself (a GIF linked from another site).
    if (!image) return <span className={styles.gone}>{message.context === 'messaging-gif' ? GIF_UNAVAILABLE : 'sent a photo'}</span>;
    const size = displaySize(image);
    // Issue 24.4: the sender's words for it, if they wrote some.
    const alt = image.alt_text || (message.context === 'messaging-gif' ? 'GIF' : 'Photo');
    return <BlurredImage src={size.url} width={size.width} height={size.height} alt={alt} blurred={blurred} onReveal={onReveal} />;
  }
  if (message.type === 'STICKER') {
    if (!message.sticker) return <span className={styles.gone}>sent a sticker</span>;
    return <img className={attach.sticker} src={message.sticker.url} alt="Sticker" width={100} height={100} loading="lazy" />;
  }
  if (message.type === 'POSTREF') {
    return (
      <>
        <PostCard post={message.post} />
        {message.content?.text && <MessageText text={message.content.text} formatting={message.content.formatting} />}
      </>
    );
  }
  // A text that links to a post the reader may see shows that post's card under it (issue 26).
  return (
    <>
      <MessageText text={message.content?.text ?? ''} formatting={message.content?.formatting} />
      {message.post && <PostCard post={message.post} />}
    </>
  );
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
    <li className={`${styles.message} ${styles.mine} ${styles.arriving} ${item.status === 'error' ? styles.failed : ''}`} data-status={item.status}>
      <div className={`${styles.bubble} ${isMediaMessage(item) ? attach.imageBubble : ''}`} data-bubble={isMediaMessage(item) ? undefined : ''} aria-busy={item.status === 'pending' || item.status === 'queued'}>
        <MessageBody message={outgoingAsMessage(item)} />
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

/** A queued message shown as the message it will be: its local preview stands in for the stored image. */
function outgoingAsMessage(item: Outgoing): BodyMessage {
  const images: MessageImage[] | undefined = item.image
    ? [{ original_size: { url: item.image.gif?.mediaUrl ?? item.image.url, width: item.image.width, height: item.image.height }, alt_text: item.image.alt?.trim() }]
    : undefined;
  return { type: item.type, content: { text: item.text }, post: item.post, images, sticker: item.sticker, context: item.context };
}
