import { useRef, useState } from 'react';
import { Menu, MenuItem, openMenuOnArrow } from '../ui/Menu';
import { canBlockOrReport } from './message-controls';
import styles from './Window.module.css';

interface Props {
  messageId: string;
  /** The sender blog's name, when known. */
  sender: string | null;
  ownNames: readonly string[];
  onDelete: () => void;
  onBlock: () => void;
  onReport: () => void;
}

/** The per-message popover (spec 2 §2): Delete, and Block / Report on other people's messages. */
export function MessageControls({ messageId, sender, ownNames, onDelete, onBlock, onReport }: Props) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);
  const menuId = `message-controls-${messageId}`;
  const others = canBlockOrReport(sender, ownNames);
  const pick = (action: () => void) => () => {
    close();
    action();
  };
  return (
    <span className={styles.messageControls}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.controlsButton}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label="Message options"
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => openMenuOnArrow(event, () => setOpen(true))}
      >
        <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
          <circle cx="5" cy="12" r="2" fill="currentColor" />
          <circle cx="12" cy="12" r="2" fill="currentColor" />
          <circle cx="19" cy="12" r="2" fill="currentColor" />
        </svg>
      </button>
      {open && (
        <Menu label="Message options" triggerRef={buttonRef} onClose={close} id={menuId} className={`${styles.menu} ${styles.controlsMenu}`}>
          {others && <MenuItem onSelect={pick(onBlock)}>Block</MenuItem>}
          {others && <MenuItem onSelect={pick(onReport)}>Report</MenuItem>}
          <MenuItem onSelect={pick(onDelete)}>Delete</MenuItem>
        </Menu>
      )}
    </span>
  );
}
