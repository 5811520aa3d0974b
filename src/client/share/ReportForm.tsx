import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { REPORT_MESSAGE_MAX, REPORT_REASONS, REPORT_THANKS, type ReportReason } from '../../shared/share/report';
import type { SharePopoverData } from '../../shared/share/types';
import { ApiError } from '../api/client';
import { useReportPost } from '../api/share';
import styles from './SharePopover.module.css';

interface ReportFormProps {
  data: SharePopoverData;
  onCancel: () => void;
  onClose: () => void;
}

/** A report for the moderators: a reason from the list and an optional note. */
export function ReportForm({ data, onCancel, onClose }: ReportFormProps) {
  const report = useReportPost();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [message, setMessage] = useState('');
  const firstRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLButtonElement>(null);
  const ids = useId();

  useEffect(() => firstRef.current?.focus(), []);
  useEffect(() => {
    if (report.isSuccess) doneRef.current?.focus();
  }, [report.isSuccess]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason || report.isPending) return;
    report.mutate({ post_id: data.post_id, tumblelog_name: data.tumblelog_name, reason, message: message.trim() });
  };

  if (report.isSuccess) {
    return (
      <div className={styles.form}>
        <p className={styles.thanks} role="status">{REPORT_THANKS}</p>
        <div className={styles.bar}>
          <button ref={doneRef} type="button" className={styles.primary} onClick={onClose}>
            Done
          </button>
        </div>
      </div>
    );
  }

  const problem = report.error ? (report.error instanceof ApiError ? report.error.message : 'The report could not be sent. Try again.') : null;
  return (
    <form className={styles.form} onSubmit={onSubmit} aria-label="Report this post">
      <h3 className={styles.formTitle}>Report</h3>
      <fieldset className={styles.reasons}>
        <legend>Why are you reporting this post?</legend>
        {REPORT_REASONS.map((item, index) => (
          <label key={item.value} className={styles.reason}>
            <input
              ref={index === 0 ? firstRef : undefined}
              type="radio"
              name={`${ids}-reason`}
              value={item.value}
              checked={reason === item.value}
              onChange={() => setReason(item.value)}
            />
            {item.label}
          </label>
        ))}
      </fieldset>
      <label className={styles.label} htmlFor={`${ids}-note`}>
        Anything we should know? (optional)
        <textarea
          id={`${ids}-note`}
          className={styles.textarea}
          maxLength={REPORT_MESSAGE_MAX}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
      </label>
      {problem && <p className={styles.error} role="alert">{problem}</p>}
      <div className={styles.bar}>
        <button type="button" className={styles.button} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={styles.primary} disabled={!reason || report.isPending}>
          {report.isPending ? 'Sending...' : 'Report'}
        </button>
      </div>
    </form>
  );
}
