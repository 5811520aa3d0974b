import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { SHARE_POPUPS, TWEET } from '../../shared/share/constants';
import type { SharePopoverData } from '../../shared/share/types';
import { countTweet } from '../../shared/share/tweet';
import { defaultTweet, openSharePopup, twitterIntentUrl } from './share-links';
import styles from './SharePopover.module.css';

interface TwitterFormProps {
  data: SharePopoverData;
  onCancel: () => void;
  /** Twitter's window is open: the popover has done its part. */
  onDone: () => void;
}

/**
 * The tweet is written here, with the counter of spec 1 §5, then Twitter's own share window
 * opens with it (no Twitter account is linked to this site, so it cannot post for you).
 */
export function TwitterForm({ data, onCancel, onDone }: TwitterFormProps) {
  const [text, setText] = useState(() => defaultTweet(data));
  const count = countTweet(text);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const ids = useId();

  useEffect(() => textRef.current?.focus(), []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!count.valid) return;
    openSharePopup(twitterIntentUrl(text, data.post_url), 'twitter', SHARE_POPUPS.twitter);
    onDone();
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-label="Tweet this post">
      <h3 className={styles.formTitle}>Twitter</h3>
      <label className={styles.label} htmlFor={`${ids}-tweet`}>
        Your tweet
        <textarea
          ref={textRef}
          id={`${ids}-tweet`}
          className={styles.textarea}
          value={text}
          aria-describedby={`${ids}-hint ${ids}-count`}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <p id={`${ids}-hint`} className={styles.hint}>
        {TWEET.urlToken} stands for the link to the post ({TWEET.urlLength} characters).
      </p>
      <div className={styles.bar}>
        <span
          id={`${ids}-count`}
          className={`${styles.counter} ${count.warning ? styles.counterWarning : ''}`}
          data-warning={count.warning || undefined}
          aria-label={`${count.remaining} characters left`}
        >
          {count.remaining}
        </span>
        <button type="button" className={styles.button} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={styles.primary} disabled={!count.valid}>
          Tweet
        </button>
      </div>
    </form>
  );
}
