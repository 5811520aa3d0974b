import { lazy, useEffect, useRef } from 'react';
import type { UserInfoResponse } from '../../shared/types';
import { useUserInfo } from '../api/user';
import { TabPopover } from './TabPopover';
import styles from '../messaging/Inbox.module.css';
import { messagingUserOf } from '../messaging/session';
import { usePolledUnreadState } from '../messaging/queries';
import { playSound, unreadRose } from '../messaging/sounds';
import { messagingUi } from '../messaging/store';
import { capCount, unreadSum } from '../messaging/unread';

// The panel is its own chunk, loaded the first time the inbox opens: the header stays small.
const InboxPopover = lazy(async () => ({ default: (await import('../messaging/InboxPopover')).InboxPopover }));

/** The header's inbox: an envelope with the unread sum over the user's messaging blogs (spec 2 §2). */
export function InboxButton({ info }: { info: UserInfoResponse }) {
  // The newer of the two: a poll answer (live), or user info fetched since (the poller may be idle
  // with its stream down; user info is read again every minute).
  const polled = usePolledUnreadState();
  const { dataUpdatedAt: infoAt } = useUserInfo();
  const unread = unreadSum(messagingUserOf(info).channels, polled.updatedAt >= infoAt ? polled.unread : undefined);
  // Spec 2 §9: the notification sound when the unread total rises.
  const lastUnread = useRef<number | null>(null);
  useEffect(() => {
    if (unreadRose(lastUnread.current, unread)) playSound('notification-sound');
    lastUnread.current = unread;
  }, [unread]);
  return (
    <TabPopover
      label="Inbox"
      className={styles.tab}
      statusClassName={styles.status}
      onOpenChange={setInboxOpen}
      icon={
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path fill="currentColor" d="M20 4H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2zm0 4.2-8 5-8-5V6l8 5 8-5z" />
        </svg>
      }
      badge={
        unread > 0 && (
          <span className={styles.badge} data-testid="inbox-badge" aria-label={`${unread} unread messages`}>
            {capCount(unread)}
          </span>
        )
      }
    >
      {(close) => <InboxPopover info={info} onClose={close} />}
    </TabPopover>
  );
}

/** The poller follows whether the inbox is open (spec 2 §4: inbox frequencies). */
const setInboxOpen = (open: boolean) => messagingUi.setInboxOpen(open);
