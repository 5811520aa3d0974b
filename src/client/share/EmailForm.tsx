import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { SHARE_EMAIL, SHARE_STATUS } from '../../shared/share/constants';
import { canSendTo } from '../../shared/share/email';
import type { SharePopoverData } from '../../shared/share/types';
import { ApiError } from '../api/client';
import { useEmailBlogShare, useEmailShare } from '../api/share';
import { readReplyTo, rememberReplyTo } from './reply-to-cookie';
import styles from './SharePopover.module.css';

type Status = 'idle' | 'sending' | 'sent' | 'error';

const BUTTON_LABEL: Record<Status, string> = { idle: 'Send', sending: SHARE_STATUS.sending, sent: SHARE_STATUS.sent, error: SHARE_STATUS.error };

interface EmailFormProps {
  data: SharePopoverData;
  /** The sender's address, shown by the reply-to switch. */
  userEmail?: string;
  onCancel: () => void;
  /** The email went out: the popover fades away. */
  onSent: () => void;
}

/** Spec 1 §4: send disables the button with a sending label; 'Sent!' then the fade, or 'Error!' and the button back. */
export function EmailForm({ data, userEmail, onCancel, onSent }: EmailFormProps) {
  const sendPost = useEmailShare();
  const sendBlog = useEmailBlogShare();
  const [address, setAddress] = useState('');
  const [message, setMessage] = useState('');
  const [replyTo, setReplyTo] = useState(readReplyTo);
  const [status, setStatus] = useState<Status>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const addressRef = useRef<HTMLInputElement>(null);
  const ids = useId();

  useEffect(() => addressRef.current?.focus(), []);

  const busy = status === 'sending' || status === 'sent';
  const canSend = canSendTo(address) && !busy;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    setStatus('sending');
    setProblem(null);
    try {
      const fields = { email_address: address.trim(), message, tumblelog_name: data.tumblelog_name, allow_reply_to: data.has_user && replyTo, share_fallback: false };
      await (data.tumblelog_share ? sendBlog.mutateAsync(fields) : sendPost.mutateAsync({ ...fields, post_id: data.post_id }));
      setStatus('sent');
      onSent();
    } catch (error) {
      setStatus('error');
      setProblem(error instanceof ApiError ? error.message : 'The email could not be sent. Try again.');
    }
  };

  // Spec 1 §4: Cancel first clears a typed address; with none, it goes back to the options.
  const onCancelClick = () => {
    if (address !== '') {
      setAddress('');
      setStatus('idle');
      addressRef.current?.focus();
    } else {
      onCancel();
    }
  };

  const edited = () => {
    if (status === 'error') setStatus('idle');
  };

  const toggleReplyTo = (on: boolean) => {
    setReplyTo(on);
    rememberReplyTo(on);
  };

  return (
    <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label={data.tumblelog_share ? 'Email this blog' : 'Email this post'}>
      <h3 className={styles.formTitle}>Email</h3>
      <label className={styles.label} htmlFor={`${ids}-to`}>
        To
        <input
          ref={addressRef}
          id={`${ids}-to`}
          className={styles.input}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="name@example.com"
          maxLength={SHARE_EMAIL.addressMax}
          value={address}
          disabled={busy}
          onChange={(e) => {
            setAddress(e.target.value);
            edited();
          }}
        />
      </label>
      <label className={styles.label} htmlFor={`${ids}-message`}>
        Message (optional)
        <textarea
          id={`${ids}-message`}
          className={styles.textarea}
          maxLength={SHARE_EMAIL.messageMax}
          value={message}
          disabled={busy}
          onChange={(e) => {
            setMessage(e.target.value);
            edited();
          }}
        />
      </label>
      {data.has_user && (
        <label className={styles.switch}>
          <input type="checkbox" role="switch" checked={replyTo} disabled={busy} onChange={(e) => toggleReplyTo(e.target.checked)} />
          <span>
            Let them reply to {userEmail ? <span className={styles.switchEmail}>{userEmail}</span> : 'you'}
          </span>
        </label>
      )}
      {problem && <p className={styles.error} role="alert">{problem}</p>}
      <div className={styles.bar}>
        <button type="button" className={styles.button} onClick={onCancelClick} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className={styles.primary} disabled={!canSend} data-status={status} aria-live="polite">
          {BUTTON_LABEL[status]}
        </button>
      </div>
    </form>
  );
}
