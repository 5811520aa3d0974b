import { useEffect, useId, useState, type FormEvent } from 'react';
import { canSendTo } from '../../../shared/share/email';
import type { SharePopoverData } from '../../../shared/share/types';
import { shareToNetwork, useEmailShare, type ShareNetwork } from '../../api/share';
import { pendingSharePopup } from '../../share/share-links';
import { Confetti } from './Confetti';
import { SEND_POST_POPUPS, SHARE_CLOSE_AFTER_MS, TEXT_POST_SHARED, TEXT_SENDING, TEXT_SHARE_FAILED } from './send-post';
import styles from './SendPost.module.css';

export type Network = 'email' | 'facebook' | 'twitter';

/** Spec 2 §7 sizes; Pinterest's window comes with the share data. */
const popupSize = (network: ShareNetwork, data: SharePopoverData) =>
  network === 'pinterest' ? data.pinterest_share_window.dimensions : SEND_POST_POPUPS[network];

/**
 * Spec 2 §6: the networks row, each only when sharing there is on (Pinterest needs show_pinterest).
 * Facebook, Twitter, Pinterest and Reddit go through POST /svc/share/{network} with
 * share_fallback=popup; the window the server names opens, 'Sending...' on the button meanwhile.
 */
export function ExternalRow({ data, onPick }: { data: SharePopoverData; onPick: (network: Network) => void }) {
  const [sharing, setSharing] = useState<ShareNetwork | null>(null);
  const [failed, setFailed] = useState(false);

  const shareTo = async (network: ShareNetwork) => {
    if (sharing) return;
    const popup = pendingSharePopup(network, popupSize(network, data));
    setSharing(network);
    setFailed(false);
    try {
      const answer = await shareToNetwork(network, { post_id: data.post_id, tumblelog_name: data.tumblelog_name, share_fallback: 'popup' });
      popup.go(answer.share_window.url);
    } catch {
      popup.cancel();
      setFailed(true);
    } finally {
      setSharing(null);
    }
  };

  // Email, Facebook and Twitter open their subview (spec 2 §2); Pinterest and Reddit their window.
  const items: { label: string; network?: ShareNetwork; shown: boolean; pick?: Network }[] = [
    { label: 'Email', shown: data.show_email && data.has_user, pick: 'email' },
    { label: 'Facebook', shown: data.show_facebook, pick: 'facebook' },
    { label: 'Twitter', shown: data.show_twitter, pick: 'twitter' },
    { label: 'Pinterest', network: 'pinterest', shown: data.show_pinterest },
    { label: 'Reddit', network: 'reddit', shown: data.show_reddit },
  ];
  const shown = items.filter((item) => item.shown);
  if (shown.length === 0) return null;
  return (
    <>
      <ul className={styles.networks} aria-label="Share elsewhere">
        {shown.map(({ label, network, pick }) => (
          <li key={label}>
            <button
              type="button"
              className={styles.network}
              disabled={sharing !== null && sharing !== network}
              aria-busy={sharing === network}
              onClick={() => (pick ? onPick(pick) : network && void shareTo(network))}
            >
              {sharing === network ? TEXT_SENDING : label}
            </button>
          </li>
        ))}
      </ul>
      {failed && (
        <p className={styles.error} role="alert">
          {TEXT_SHARE_FAILED}
        </p>
      )}
    </>
  );
}

type Status = 'idle' | 'sharing' | 'success' | 'fail';

/** The email subview: Back, the form, 'Sending...', then 'Post shared!' with confetti or the failure line. */
export function ExternalShare({ data, onBack, onClose }: { network: 'email'; data: SharePopoverData; onBack: () => void; onClose: () => void }) {
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
