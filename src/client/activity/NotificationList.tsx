import { useMemo } from 'react';
import type { ActivityNotification } from '../../shared/activity/types';
import type { UserInfo } from '../../shared/types';
import styles from './Activity.module.css';
import { groupByDay } from './date-groups';
import { NotificationItem } from './NotificationItem';

interface Props {
  notifications: readonly ActivityNotification[];
  viewer: Pick<UserInfo, 'safe_mode' | 'channels'>;
  /** "Now" for the date headers; the current time unless a test fixes it. */
  now?: Date;
  onNavigate?: () => void;
}

/** Notifications under one header per day: 'Today', 'Yesterday', '3 days ago', with the full date. */
export function NotificationList({ notifications, viewer, now, onNavigate }: Props) {
  const groups = useMemo(() => groupByDay(notifications, now ?? new Date()), [notifications, now]);
  return (
    <div className={styles.groups}>
      {groups.map((group) => (
        <section key={group.key} className={styles.group} aria-label={`${group.label}, ${group.date}`}>
          <h3 className={styles.dateHeader}>
            <span>{group.label}</span>
            <span className={styles.fullDate}>{group.date}</span>
          </h3>
          <ul className={styles.items}>
            {group.items.map((n) => (
              <NotificationItem key={n.id} notification={n} viewer={viewer} onNavigate={onNavigate} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
