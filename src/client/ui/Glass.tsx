import { GLASS_FADE_MS } from '../../shared/constants';
import styles from './Modal.module.css';
import { usePresence } from './use-presence';

/** The dimmed layer behind a modal or an overlay; a click on it asks to close. */
export function Glass({ active, onClick }: { active: boolean; onClick?: () => void }) {
  const { mounted, visible } = usePresence(active, GLASS_FADE_MS);
  if (!mounted) return null;
  return (
    <div
      className={`${styles.glass} ${visible ? styles.visible : ''}`}
      style={{ transitionDuration: `${GLASS_FADE_MS}ms` }}
      onClick={onClick}
      data-testid="glass"
      aria-hidden="true"
    />
  );
}
