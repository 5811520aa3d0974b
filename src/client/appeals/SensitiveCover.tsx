import { Link } from 'react-router';
import { SENSITIVE_TEXTS } from '../../shared/appeals';
import { PAGE_ROUTES } from '../../shared/routes';
import styles from './appeals.module.css';

/** Issue 15: with safe mode on, a sensitive post is covered until the reader chooses to see it. */
export function SensitiveCover({ onShow }: { onShow: () => void }) {
  return (
    <div className={styles.cover} role="group" aria-label={SENSITIVE_TEXTS.cover}>
      <p className={styles.coverText}>{SENSITIVE_TEXTS.cover}</p>
      <p className={styles.coverActions}>
        <Link to={PAGE_ROUTES.settingsAccount}>{SENSITIVE_TEXTS.safeModeLink}</Link>
        <button type="button" className={styles.showAnyway} onClick={onShow}>
          {SENSITIVE_TEXTS.showAnyway}
        </button>
      </p>
    </div>
  );
}
