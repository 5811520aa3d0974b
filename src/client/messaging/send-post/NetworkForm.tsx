import { useEffect, useId, useState, type FormEvent } from 'react';
import { countSendPostTweet, FACEBOOK_MESSAGE_MAX } from '../../../shared/share/tweet';
import type { SharePopoverData } from '../../../shared/share/types';
import { facebookStatus, shareToNetwork } from '../../api/share';
import { defaultTweet, pendingSharePopup } from '../../share/share-links';
import { SEND_POST_POPUPS, TEXT_SENDING, TEXT_SHARE_FAILED } from './send-post';
import styles from './SendPost.module.css';

type Status = 'idle' | 'sharing' | 'fail';

/**
 * Spec 2 §2, §5: the Facebook and Twitter subviews of the send-a-post popover, with Back. No
 * account of either network is linked to this site (the server cannot post there), so Share ends
 * in the popup fallback: POST /svc/share/{network} checks the text and names the network's own
 * window, which opens (with the tweet; Facebook's takes no text, so the message is copied to paste
 * there). Nothing claims 'Post shared!': the window is where the person shares.
 */
export function NetworkForm({ network, data, onBack, onClose }: { network: 'facebook' | 'twitter'; data: SharePopoverData; onBack: () => void; onClose: () => void }) {
  const ids = useId();
  const twitter = network === 'twitter';
  const [text, setText] = useState(() => (twitter ? defaultTweet(data) : ''));
  const [status, setStatus] = useState<Status>('idle');
  const [account, setAccount] = useState<string | null>(null);
  const tweet = countSendPostTweet(text);

  // Spec 2 §7: the Facebook subview asks which account it would post as.
  useEffect(() => {
    if (twitter) return;
    let live = true;
    facebookStatus().then(
      (answer) => live && setAccount(answer.label),
      () => live && setAccount(''),
    );
    return () => {
      live = false;
    };
  }, [twitter]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (status === 'sharing' || (twitter && !tweet.valid)) return;
    // Opened in the click, so the browser does not block it; pointed at the network once answered.
    const popup = pendingSharePopup(network, SEND_POST_POPUPS[network]);
    setStatus('sharing');
    try {
      const answer = await shareToNetwork(network, { post_id: data.post_id, tumblelog_name: data.tumblelog_name, share_fallback: 'popup', message: text });
      if (!twitter && text.trim()) await navigator.clipboard?.writeText(text).catch(() => undefined);
      popup.go(answer.share_window.url);
      onClose();
    } catch {
      popup.cancel();
      setStatus('fail');
    }
  };

  const name = twitter ? 'Twitter' : 'Facebook';
  return (
    <form className={styles.root} onSubmit={(event) => void submit(event)} aria-label={`Share on ${name}`}>
      <button type="button" className={styles.back} onClick={onBack}>
        Back
      </button>
      <label htmlFor={`${ids}-text`}>{twitter ? 'Tweet' : 'Message'}</label>
      <textarea
        id={`${ids}-text`}
        className={styles.message}
        autoFocus
        maxLength={twitter ? undefined : FACEBOOK_MESSAGE_MAX}
        value={text}
        aria-describedby={`${ids}-note`}
        onChange={(event) => {
          setText(event.currentTarget.value);
          if (status === 'fail') setStatus('idle');
        }}
      />
      {twitter ? (
        <p id={`${ids}-note`} className={`${styles.note} ${tweet.remaining < 0 ? styles.over : ''}`} aria-live="polite">
          <span data-testid="tweet-count">{tweet.remaining}</span> characters left. [URL] stands for the post’s link (23 characters).
        </p>
      ) : (
        <p id={`${ids}-note`} className={styles.note}>
          {account
            ? `Posting as ${account}.`
            : account === ''
              ? 'No Facebook account is linked here: Share opens Facebook’s own window, with your message copied to paste there.'
              : ' '}
        </p>
      )}
      {status === 'fail' && (
        <p className={styles.error} role="alert">
          {TEXT_SHARE_FAILED}
        </p>
      )}
      <button type="submit" className={styles.sendButton} disabled={status === 'sharing' || (twitter && !tweet.valid)}>
        {status === 'sharing' ? TEXT_SENDING : 'Share'}
      </button>
    </form>
  );
}
