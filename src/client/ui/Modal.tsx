import { useId, type ReactNode } from 'react';
import { GLASS_FADE_MS, MODAL_FADE_MS } from '../../shared/constants';
import styles from './Modal.module.css';
import { ModalDialog } from './ModalDialog';
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

/** A small centred panel over the glass, on the shared native modal: Escape and the glass ask to close. */
export function Modal({ open, title, onClose, children, showTitle = true }: ModalProps) {
  const { mounted, visible } = usePresence(open, EXIT_MS);
  const titleId = useId();
  return (
    <ModalDialog
      shown={mounted}
      visible={visible}
      onDismiss={onClose}
      labelledBy={titleId}
      className={`${styles.dialog} ${visible ? styles.visible : ''}`}
      style={{ '--modal-fade': `${MODAL_FADE_MS}ms` } as React.CSSProperties}
    >
      <div className={styles.modal}>
        <h2 id={titleId} className={showTitle ? styles.title : 'visually-hidden'}>
          {title}
        </h2>
        {children}
      </div>
    </ModalDialog>
  );
}
