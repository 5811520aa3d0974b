import { DRAWER_LINKS, DRAWER_TEXTS } from '../../shared/blog-viewer/constants';
import styles from './BlogDrawer.module.css';

/**
 * Spec 2 §2 and §6: in safe mode an adult blog's posts stay hidden behind this overlay; 'show
 * anyway' opens the blog bypassing safe mode. 'Safe Mode is on' links to the setting only when
 * the open request lets the reader change safe mode (canModifySafeMode); otherwise it only says so.
 */
export function SafeModeOverlay({ canModifySafeMode, onShowAnyway }: { canModifySafeMode: boolean; onShowAnyway: () => void }) {
  return (
    <section className={styles.overlay} aria-label="Sensitive media">
      <p className={styles.overlayText}>{DRAWER_TEXTS.safeModeOverlay}</p>
      <p>{canModifySafeMode ? <a href={DRAWER_LINKS.safeModeSettings}>{DRAWER_TEXTS.safeModeLink}</a> : DRAWER_TEXTS.safeModeLink}</p>
      <button type="button" className={styles.headerButton} onClick={onShowAnyway}>
        {DRAWER_TEXTS.showAnyway}
      </button>
    </section>
  );
}
