import { useEffect, useId, useState, type FormEvent } from 'react';
import { canSendTo } from '../../../shared/share/email';
import type { SharePopoverData } from '../../../shared/share/types';
import { useEmailShare } from '../../api/share';
import { facebookShareUrl, openSharePopup, redditSubmitUrl, twitterIntentUrl, defaultTweet } from '../../share/share-links';
import { Confetti } from './Confetti';
import { SEND_POST_POPUPS, SHARE_CLOSE_AFTER_MS, TEXT_POST_SHARED, TEXT_SENDING, TEXT_SHARE_FAILED } from './send-post';
import styles from './SendPost.module.css';

export type Network = 'email';

const pinterestUrl = (data: SharePopoverData) =>
  `https://www.pinterest.com/pin/create/button/?${new URLSearchParams({ url: data.post_url, description: data.post_summary ?? '' }).toString()}`;

/** Spec 2 §6: the networks row, each only when sharing there is on (Pinterest needs show_pinterest). */
export function ExternalRow({ data, onPick }: { data: SharePopoverData; onPick: (network: Network) => void }) {
  const items: { label: string; shown: boolean; act: () => void }[] = [
    { label: 'Email', shown: data.show_email && data.has_user, act: () => onPick('email') },
    { label: 'Facebook', shown: data.show_facebook, act: () => openSharePopup(facebookShareUrl(data.post_url), 'facebook', SEND_POST_POPUPS.facebook) },
    {
      label: 'Twitter',
      shown: data.show_twitter,
      act: () => openSharePopup(twitterIntentUrl(defaultTweet(data), data.post_url), 'twitter', SEND_POST_POPUPS.twitter),
    },
    { label: 'Pinterest', shown: data.show_pinterest, act: () => openSharePopup(pinterestUrl(data), 'pinterest', { width: 750, height: 550 }) },
    {
      label: 'Reddit',
      shown: data.show_reddit,
      act: () => openSharePopup(redditSubmitUrl(data.post_url, data.post_summary ?? data.tumblelog_name), 'reddit', SEND_POST_POPUPS.reddit),
    },
  ];
  const shown = items.filter((item) => item.shown);
  if (shown.length === 0) return null;
  return (
    <ul className={styles.networks} aria-label="Share elsewhere">
      {shown.map((item) => (
        <li key={item.label}>
          <button type="button" className={styles.network} onClick={item.act}>
            {item.label}
          </button>
        </li>
      ))}
    </ul>
  );
}

type Status = 'idle' | 'sharing' | 'success' | 'fail';

/** The email subview: Back, the form, 'Sending...', then 'Post shared!' with confetti or the failure line. */
export function ExternalShare({ data, onBack, onClose }: { network: Network; data: SharePopoverData; onBack: () => void; onClose: () => void }) {
  const share = useEmailShare();
  const ids = useId();
  const [address, setAddress] = useState('');
  const [message, setMessage] = useState('');
  const [replyTo, setReplyTo] = useState(false);
  const [status, setStatus] = useState<Status>('idle');

  useEffect(() => {
    if (status !== 'success') return;
    const timer = setTimeout(onClose, SHARE_CLOSE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [status, onClose]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSendTo(address) || status === 'sharing') return;
    setStatus('sharing');
    try {
      await share.mutateAsync({
        email_address: address.trim(),
        message,
        post_id: data.post_id,
        tumblelog_name: data.tumblelog_name,
        allow_reply_to: replyTo,
        share_fallback: false,
      });
      setStatus('success');
    } catch {
      setStatus('fail');
    }
  };

  if (status === 'success') {
    return (
      <button type="button" className={`${styles.root} ${styles.shared}`} onClick={onClose}>
        <Confetti />
        <span role="status">{TEXT_POST_SHARED}</span>
      </button>
    );
  }
  return (
    <form className={styles.root} onSubmit={(event) => void submit(event)}>
      <button type="button" className={styles.back} onClick={onBack}>
        Back
      </button>
      <label htmlFor={`${ids}-to`}>Email address</label>
      <input id={`${ids}-to`} className={styles.search} type="email" autoFocus value={address} onChange={(event) => setAddress(event.currentTarget.value)} />
      <label htmlFor={`${ids}-message`}>Message</label>
      <textarea id={`${ids}-message`} className={styles.message} maxLength={255} value={message} onChange={(event) => setMessage(event.currentTarget.value)} />
      <label className={styles.check}>
        <input type="checkbox" checked={replyTo} onChange={(event) => setReplyTo(event.currentTarget.checked)} /> Let them reply to my email address
      </label>
      {status === 'fail' && (
        <p className={styles.error} role="alert">
          {TEXT_SHARE_FAILED}
        </p>
      )}
      <button type="submit" className={styles.sendButton} disabled={status === 'sharing' || !canSendTo(address)}>
        {status === 'sharing' ? TEXT_SENDING : 'Send'}
      </button>
    </form>
  );
}
