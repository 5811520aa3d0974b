import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { replyLength } from '../../shared/notes/reply';
import { REPLY_MAX_LENGTH } from '../../shared/notes/types';
import type { PostView } from '../../shared/posts/types';
import { ALT_TEXT_MAX } from '../../shared/posts/messages';
import { useReply } from '../api/notes';
import { FilePicker } from '../uploads/FilePicker';
import { PICKER_ACCEPT } from '../uploads/upload-constants';
import { UploadProgress } from '../uploads/UploadProgress';
import { useSingleUpload } from '../uploads/use-single-upload';
import { reportPostActionError } from './post-action-errors';
import styles from './PostCard.module.css';
import { useActionSource } from './use-action-source';

const cutToLimit = (value: string) =>
  replyLength(value) > REPLY_MAX_LENGTH ? [...value].slice(0, REPLY_MAX_LENGTH).join('') : value;

interface ReplyFormProps {
  post: PostView;
  /** The reply is in: the card shows the notes, with it at the top. */
  onSent: () => void;
  onCancel: () => void;
}

/**
 * A reply of at most 500 characters, and one photo where the post allows photo replies; Enter
 * sends (Shift+Enter starts a new line), Escape closes.
 */
export function ReplyForm({ post, onSent, onCancel }: ReplyFormProps) {
  const [text, setText] = useState('');
  const reply = useReply();
  const source = useActionSource();
  // Counted as the server counts: an emoji is one character, not two UTF-16 units.
  const remaining = REPLY_MAX_LENGTH - replyLength(text);
  // Issue 26.3: where the post allows, one photo; with it the words may be left out.
  const photo = useSingleUpload('image');
  const [alt, setAlt] = useState('');
  const photoWaiting = photo.item !== null && !photo.item.complete;
  const canSend = (text.trim().length > 0 || photo.url !== '') && !photoWaiting && !reply.isPending;

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    reply.mutate(
      { post, text: text.trim(), source, ...(photo.url ? { photo: photo.url, photoAlt: alt.trim() } : {}) },
      {
        onSuccess: () => {
          setText('');
          setAlt('');
          photo.clear();
          onSent();
        },
        // The words stay in the box for another try.
        onError: (error) => void reportPostActionError('reply', post.id, error),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) send(event);
    if (event.key === 'Escape') onCancel();
  };

  return (
    <form className={styles.replyForm} aria-label={`Reply to ${post.blog.name}`} onSubmit={send}>
      <textarea
        className={styles.replyInput}
        value={text}
        // Typing stops at the limit and a longer paste is cut to it. Not maxLength: browsers count
        // UTF-16 units there, and would stop an emoji-rich reply short of 500.
        onChange={(event) => setText(cutToLimit(event.target.value))}
        onKeyDown={onKeyDown}
        rows={2}
        aria-label="Your reply"
        placeholder={post.allow_photo_replies ? 'Unleash a compliment, or add a photo…' : 'Unleash a compliment…'}
        // The person asked for the form by clicking Reply: typing goes straight in.
        autoFocus
        readOnly={reply.isPending}
      />
      {photo.item && (
        <div className={styles.replyPhoto}>
          {photo.preview && <img className={styles.replyPhotoPreview} src={photo.preview} alt="" />}
          <div className={styles.replyPhotoFields}>
            {photo.item.error ? (
              <p className={styles.replyPhotoProblem} role="alert">
                {photo.item.message}
              </p>
            ) : (
              <>
                <input
                  className={styles.replyInput}
                  value={alt}
                  maxLength={ALT_TEXT_MAX}
                  onChange={(event) => setAlt(event.target.value)}
                  aria-label="Describe the photo (alt text)"
                  placeholder="Describe the photo for people who cannot see it"
                  readOnly={reply.isPending}
                />
                {photoWaiting && <UploadProgress value={photo.item.progress} label="Uploading the photo" />}
              </>
            )}
            <button type="button" className={styles.action} onClick={photo.clear} disabled={reply.isPending}>
              Remove photo
            </button>
          </div>
        </div>
      )}
      <div className={styles.replyBar}>
        <span className={`${styles.counter} ${remaining < 20 ? styles.counterLow : ''}`} aria-label={`${remaining} characters left`}>
          {remaining}
        </span>
        {post.allow_photo_replies && (
          <FilePicker accept={PICKER_ACCEPT.image} disabled={reply.isPending} onFiles={(files) => photo.pick(files[0]!)}>
            {photo.item ? 'Change photo' : 'Add a photo'}
          </FilePicker>
        )}
        <button type="button" className={styles.action} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={styles.primaryAction} disabled={!canSend}>
          {reply.isPending ? 'Replying…' : 'Reply'}
        </button>
      </div>
    </form>
  );
}
