import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { MODAL_FADE_MS } from '../../shared/constants';
import { Glass } from './Glass';
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

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** A modal over the glass: page scroll locked, focus kept inside, Escape closes, focus returns. */
export function Modal({ open, title, onClose, children, showTitle = true }: ModalProps) {
  const { mounted, visible } = usePresence(open, MODAL_FADE_MS);
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const first = panelRef.current?.querySelector<HTMLElement>('[data-autofocus]') ??
      panelRef.current?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => {
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [open]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
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
