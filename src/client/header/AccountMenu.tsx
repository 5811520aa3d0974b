import { lazy, useCallback, useRef, useState } from 'react';
import type { UserInfoResponse } from '../../shared/types';
import { LazyPanel } from '../ui/LazyPanel';
import { Popover } from '../ui/Popover';
import styles from './Header.module.css';

// The popover's code is its own chunk, loaded the first time the menu opens (spec 1 §2).
const AccountPopover = lazy(async () => {
  const started = performance.now();
  const chunk = await import('./AccountPopover');
  // Spec 1 §7: the load latency is recorded, as a User Timing entry the browser's tools show.
  performance.measure('account-popover-load', {
    start: started,
    detail: { chunkName: 'AccountPopover', latency: performance.now() - started, userAgent: navigator.userAgent, path: location.pathname },
  });
  return { default: chunk.AccountPopover };
});

export function AccountMenu({ info }: { info: UserInfoResponse }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={styles.tab}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setOpen((o) => !o)}
        data-tooltip="Account"
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path fill="currentColor" d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0 2c-4.4 0-9 2.2-9 5v3h18v-3c0-2.8-4.6-5-9-5z" />
        </svg>
        <span className="visually-hidden">Account menu</span>
      </button>
      <Popover anchorRef={buttonRef} open={open} onClose={close} label="Account">
        <LazyPanel name="AccountPopover" fallback={<div className={styles.loading} role="status">Loading…</div>}>
          <AccountPopover info={info} onClose={close} />
        </LazyPanel>
      </Popover>
    </>
  );
}
