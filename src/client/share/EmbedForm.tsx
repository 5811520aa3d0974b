import { useEffect, useId, useRef, useState } from 'react';
import type { SharePopoverData } from '../../shared/share/types';
import styles from './SharePopover.module.css';

/** The embed code to copy into another site: a read-only box, selected at once, and a Copy button. */
export function EmbedForm({ data, onCancel }: { data: SharePopoverData; onCancel: () => void }) {
  const codeRef = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  const ids = useId();

  useEffect(() => {
    codeRef.current?.focus();
    codeRef.current?.select();
  }, []);

  const copy = async () => {
    codeRef.current?.select();
    try {
      await navigator.clipboard.writeText(data.embed_code);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <div className={styles.form} role="group" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className={styles.formTitle}>Embed</h3>
      <label className={styles.label} htmlFor={`${ids}-code`}>
        Paste this code into your site
        <textarea
          ref={codeRef}
          id={`${ids}-code`}
          className={`${styles.textarea} ${styles.code}`}
          readOnly
          value={data.embed_code}
          onFocus={(e) => e.currentTarget.select()}
        />
      </label>
      <p className={copied ? styles.thanks : styles.hint} role="status">
        {copied === true ? 'Copied' : copied === false ? 'Select the code and copy it (Ctrl+C or ⌘C).' : ''}
      </p>
      <div className={styles.bar}>
        <button type="button" className={styles.button} onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className={styles.primary} onClick={() => void copy()}>
          Copy
        </button>
      </div>
    </div>
  );
}
