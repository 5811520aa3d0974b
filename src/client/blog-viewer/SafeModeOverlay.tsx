import { DRAWER_LINKS, DRAWER_TEXTS } from '../../shared/blog-viewer/constants';
import styles from './BlogDrawer.module.css';

/**
 * Spec 2 §2 and §6: in safe mode an adult blog's posts stay hidden behind this overlay, which
 * links to the safe-mode setting; 'Show anyway' opens the blog bypassing safe mode.
 */
export function SafeModeOverlay({ onShowAnyway }: { onShowAnyway: () => void }) {
  return (
    <section className={styles.overlay} aria-label="Sensitive media">
      <p className={styles.overlayText}>{DRAWER_TEXTS.safeModeOverlay}</p>
      <p>
        <a href={DRAWER_LINKS.safeModeSettings}>{DRAWER_TEXTS.safeModeLink}</a>
      </p>
      <button type="button" className={styles.headerButton} onClick={onShowAnyway}>
        Show anyway
      </button>
    </section>
  );
}
