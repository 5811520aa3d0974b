import { BADGE_MAX } from '../../shared/constants';
import styles from './Badge.module.css';

export const badgeText = (count: number) => (count > BADGE_MAX ? `${BADGE_MAX}+` : String(count));

/** An unread count: hidden at 0, '99+' above 99. */
export function Badge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className={styles.badge} aria-label={`${count} ${label}`}>
      {badgeText(count)}
    </span>
  );
}
