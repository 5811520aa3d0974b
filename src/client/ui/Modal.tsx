import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { GLASS_FADE_MS, MODAL_FADE_MS } from '../../shared/constants';
import styles from './Modal.module.css';
import { useNativeModal } from './use-native-modal';
import { usePresence } from './use-presence';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Show the title as a heading (dialogs with a message only keep it for screen readers). */
  showTitle?: boolean;
}

/** Stays shown (and modal) until both the panel and the glass behind it have faded out. */
const EXIT_MS = Math.max(MODAL_FADE_MS, GLASS_FADE_MS);

/**
 * A modal over the glass, on the native <dialog>: the browser keeps focus inside and the page
 * behind inert (its scroll locked by global.css); Escape (the dialog's cancel) and a click on
 * the glass ask to close; focus returns where it was.
 */
export function Modal({ open, title, onClose, children, showTitle = true }: ModalProps) {
  const { mounted, visible } = usePresence(open, EXIT_MS);
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  useNativeModal(dialogRef, mounted);

  if (!mounted) return null;
  return createPortal(
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      className={`${styles.dialog} ${visible ? styles.visible : ''}`}
      style={{ '--modal-fade': `${MODAL_FADE_MS}ms`, '--glass-fade': `${GLASS_FADE_MS}ms` } as React.CSSProperties}
      onCancel={(event) => {
        // Closed by us, after the fade; the answer is the same as Cancel's.
        event.preventDefault();
        onClose();
      }}
      onClose={() => {
        // The browser may close it without a cancel it lets us stop (Escape twice with no other
        // input between): the answer is still Cancel's.
        if (open) onClose();
      }}
      // The glass is the dialog's ::backdrop: a click there lands on the dialog itself.
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <div className={styles.modal}>
        <h2 id={titleId} className={showTitle ? styles.title : 'visually-hidden'}>
          {title}
        </h2>
        {children}
      </div>
    </dialog>,
    document.body,
  );
}
