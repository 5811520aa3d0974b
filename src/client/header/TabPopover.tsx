// A header tab that opens a popover: its icon, a hidden label (also its tooltip and the popover's
// name), a badge, and the panel (loaded lazily by the caller) with a loading line meanwhile. The
// inbox and the activity tab are both this.
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { LazyPanel } from '../ui/LazyPanel';
import { Popover } from '../ui/Popover';
import headerStyles from './Header.module.css';

interface Props {
  label: string;
  icon: ReactNode;
  /** Rendered inside the button, after the label: the unread count (nothing at 0). */
  badge: ReactNode;
  /** The tab's own class (it positions the badge). */
  className: string;
  /** Class of the 'Loading…' line while the panel's chunk loads. */
  statusClassName: string;
  /** Told on every open and close (the inbox tells the poller). */
  onOpenChange?: (open: boolean) => void;
  /** The panel, given the function that closes it. */
  children: (close: () => void) => ReactNode;
}

export function TabPopover({ label, icon, badge, className, statusClassName, onOpenChange, children }: Props) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const change = useCallback(
    (next: boolean) => {
      setOpen(next);
      onOpenChange?.(next);
    },
    [onOpenChange],
  );
  const close = useCallback(() => change(false), [change]);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={`${headerStyles.tab} ${className}`}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => change(!open)}
        data-tooltip={label}
      >
        {icon}
        <span className="visually-hidden">{label}</span>
        {badge}
      </button>
      <Popover anchorRef={buttonRef} open={open} onClose={close} label={label}>
        <LazyPanel
          name={label}
          fallback={
            <p className={statusClassName} role="status">
              Loading…
            </p>
          }
        >
          {children(close)}
        </LazyPanel>
      </Popover>
    </>
  );
}
