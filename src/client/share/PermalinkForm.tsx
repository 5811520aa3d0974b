import { useEffect, useId, useRef } from 'react';
import type { SharePopoverData } from '../../shared/share/types';
import styles from './SharePopover.module.css';

/** When the clipboard cannot be written: the address, selected, to copy by hand. */
export function PermalinkForm({ data, onCancel }: { data: SharePopoverData; onCancel: () => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = useId();
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);
  return (
    <div className={styles.form} role="group" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className={styles.formTitle}>Permalink</h3>
      <label className={styles.label} htmlFor={`${ids}-url`}>
        Copy this address (Ctrl+C or ⌘C)
        <input ref={inputRef} id={`${ids}-url`} className={styles.input} readOnly value={data.post_url} onFocus={(e) => e.currentTarget.select()} />
      </label>
      {data.post_tiny_url && <p className={styles.hint}>Short link: {data.post_tiny_url}</p>}
      <div className={styles.bar}>
        <button type="button" className={styles.button} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
