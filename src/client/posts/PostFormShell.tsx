import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { MODAL_FADE_MS } from '../../shared/constants';
import { Glass } from '../ui/Glass';
import { trapTab, useModalFocus } from '../ui/modal-behaviour';
import { usePresence } from '../ui/use-presence';
import { useMarkFormOpen } from './form-open-store';
import styles from './PostFormShell.module.css';

interface PostFormShellProps {
  open: boolean;
  label: string;
  /** Escape, a click on the glass around the form: the form decides whether to close. */
  onDismiss: () => void;
  /** The scrolling layer, for the form's scroll into view. */
  frameRef: RefObject<HTMLDivElement | null>;
  children: ReactNode;
}


/**
 * The post form's modal: the glass, a scrolling layer (forms are taller than the screen, which
 * the centred dialog Modal is not made for) and the panel. Page scroll is locked, focus stays
 * inside, and the header hides while it is open.
 */
export function PostFormShell({ open, label, onDismiss, frameRef, children }: PostFormShellProps) {
  const { mounted, visible } = usePresence(open, MODAL_FADE_MS);
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useMarkFormOpen(open);

  // The panel itself takes focus first, so Escape works while the form loads.
  useModalFocus(open, panelRef, 'panel');

  const onKeyDown = (event: React.KeyboardEvent) => {
    // Widgets inside that use Escape themselves (menus, bubbles, popovers) stop it on its way up;
    // the rich editor marks Escape handled for its own purposes, so defaultPrevented says nothing.
    if (event.key === 'Escape') {
      event.preventDefault();
      onDismiss();
      return;
    }
    trapTab(event, panelRef.current);
  };

  if (!mounted) return null;
  return createPortal(
    <>
      <Glass active={open} onClick={onDismiss} />
      <div
        ref={frameRef}
        className={styles.frame}
        // The layer covers the glass: a click on its empty part is a click on the glass.
        onClick={(event) => event.target === event.currentTarget && onDismiss()}
      >
        <div
          ref={panelRef}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
          className={`${styles.panel} ${visible ? styles.visible : ''}`}
          style={{ transitionDuration: `${MODAL_FADE_MS}ms` }}
          onKeyDown={onKeyDown}
        >
          {/* The type tabs and the blog say it visibly; the heading names the dialog for everyone else. */}
          <h2 id={titleId} className="visually-hidden">
            {label}
          </h2>
          {children}
        </div>
      </div>
    </>,
    document.body,
  );
}
