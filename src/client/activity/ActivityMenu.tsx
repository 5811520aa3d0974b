import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import type { UserInfoResponse } from '../../shared/types';
import { currentChannel } from '../api/user';
import headerStyles from '../header/Header.module.css';
import { Badge } from '../ui/Badge';
import { Popover } from '../ui/Popover';
import styles from './Activity.module.css';

// The panel is its own chunk, loaded the first time the tab opens: the header stays small.
const ActivityPopover = lazy(async () => ({ default: (await import('./ActivityPopover')).ActivityPopover }));

/** The header's activity tab: a bolt with the current blog's unread count, opening the popover. */
export function ActivityMenu({ info }: { info: UserInfoResponse }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const unread = currentChannel(info)?.activity_unread ?? 0;
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={`${headerStyles.tab} ${styles.tab}`}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setOpen((o) => !o)}
        data-tooltip="Activity"
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path fill="currentColor" d="M13.5 2 4 13.5h6.5L9 22l10-12.5h-6.6z" />
        </svg>
        <span className="visually-hidden">Activity</span>
        <span className={styles.badge}>
          <Badge count={unread} label="unread notifications" />
        </span>
      </button>
      <Popover anchorRef={buttonRef} open={open} onClose={close} label="Activity">
        <Suspense fallback={<p className={styles.status} role="status">Loading…</p>}>
          <ActivityPopover info={info} onClose={close} />
        </Suspense>
      </Popover>
    </>
  );
}
