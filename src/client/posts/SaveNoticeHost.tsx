import { dismissSaveNotice, useSaveNotice } from './save-notice';
import styles from './SaveNoticeHost.module.css';

/**
 * Where "Posted to {blog}." appears after a save. Mounted once, in the layout; the live region
 * stays in the page so screen readers announce each new notice.
 */
export function SaveNoticeHost() {
  const notice = useSaveNotice();
  return (
    <div role="status" aria-live="polite" className={styles.region}>
      {notice && (
        <div key={notice.id} className={styles.notice}>
          <span>{notice.text}</span>
          <button type="button" className={styles.close} onClick={dismissSaveNotice} aria-label="Dismiss">
            ×
          </button>
        </div>
      )}
    </div>
  );
}
