import { useId, type ReactNode, type RefObject } from 'react';
import { GLASS_FADE_MS, MODAL_FADE_MS } from '../../shared/constants';
import { ModalDialog } from '../ui/ModalDialog';
import { usePresence } from '../ui/use-presence';
import { useMarkFormOpen } from './form-open-store';
import styles from './PostFormShell.module.css';

interface PostFormShellProps {
  open: boolean;
  label: string;
  /** Escape, a click on the glass around the form: the form decides whether to close. */
  onDismiss: () => void;
  /** The scrolling layer, for the form's scroll into view. */
  frameRef: RefObject<HTMLDialogElement | null>;
  children: ReactNode;
}

/** Stays shown (and modal) until both the panel and the glass behind it have faded out. */
const EXIT_MS = Math.max(MODAL_FADE_MS, GLASS_FADE_MS);

/**
 * The post form's modal, on the shared native modal: the dialog covers the screen and scrolls
 * (forms are taller than the screen, which the centred Modal is not made for), with the panel in
 * it. Page scroll is locked and focus stays inside by the browser; the header hides while it is open.
 */
export function PostFormShell({ open, label, onDismiss, frameRef, children }: PostFormShellProps) {
  const { mounted, visible } = usePresence(open, EXIT_MS);
  const titleId = useId();
  useMarkFormOpen(open);

  return (
    <ModalDialog shown={mounted} visible={visible} onDismiss={onDismiss} dialogRef={frameRef} labelledBy={titleId} className={styles.frame}>
      {/* The panel itself takes focus first, so Escape works while the form loads. */}
      <div
        tabIndex={-1}
        data-autofocus
        className={`${styles.panel} ${visible ? styles.visible : ''}`}
        style={{ transitionDuration: `${MODAL_FADE_MS}ms` }}
      >
        {/* The type tabs and the blog say it visibly; the heading names the dialog for everyone else. */}
        <h2 id={titleId} className="visually-hidden">
          {label}
        </h2>
        {children}
      </div>
    </ModalDialog>
  );
}
