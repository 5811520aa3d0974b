import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { MODAL_FADE_MS } from '../../shared/constants';
import { Glass } from './Glass';
import { trapTab, useModalFocus } from './modal-behaviour';
import styles from './Modal.module.css';
import { usePresence } from './use-presence';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Show the title as a heading (dialogs with a message only keep it for screen readers). */
  showTitle?: boolean;
}

/** A modal over the glass: page scroll locked, focus kept inside, Escape closes, focus returns. */
export function Modal({ open, title, onClose, children, showTitle = true }: ModalProps) {
  const { mounted, visible } = usePresence(open, MODAL_FADE_MS);
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  useModalFocus(open, panelRef);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
    trapTab(event, panelRef.current);
  };

  if (!mounted) return null;
  return createPortal(
    <>
      <Glass active={open} onClick={onClose} />
      <div className={styles.frame}>
        <div
          ref={panelRef}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          className={`${styles.modal} ${visible ? styles.visible : ''}`}
          style={{ transitionDuration: `${MODAL_FADE_MS}ms` }}
          onKeyDown={onKeyDown}
        >
          <h2 id={titleId} className={showTitle ? styles.title : 'visually-hidden'}>
            {title}
          </h2>
          {children}
        </div>
      </div>
    </>,
    document.body,
  );
}
