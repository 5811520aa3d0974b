import { lazy } from 'react';
import type { UserInfoResponse } from '../../shared/types';
import { currentChannel } from '../api/user';
import { TabPopover } from './TabPopover';
import { Badge } from '../ui/Badge';
import styles from '../activity/Activity.module.css';

// The panel is its own chunk, loaded the first time the tab opens: the header stays small.
const ActivityPopover = lazy(async () => ({ default: (await import('../activity/ActivityPopover')).ActivityPopover }));

/** The header's activity tab: a bolt with the current blog's unread count, opening the popover. */
export function ActivityMenu({ info }: { info: UserInfoResponse }) {
  const unread = currentChannel(info)?.activity_unread ?? 0;
  return (
    <TabPopover
      label="Activity"
      className={styles.tab}
      statusClassName={styles.status}
      icon={
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path fill="currentColor" d="M13.5 2 4 13.5h6.5L9 22l10-12.5h-6.6z" />
        </svg>
      }
      badge={
        <span className={styles.badge}>
          <Badge count={unread} label="unread notifications" />
        </span>
      }
    >
      {(close) => <ActivityPopover info={info} onClose={close} />}
    </TabPopover>
  );
}
