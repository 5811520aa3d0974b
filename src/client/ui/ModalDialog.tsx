import { createContext, useContext, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { GLASS_FADE_MS } from '../../shared/constants';
import styles from './ModalDialog.module.css';

interface ModalDialogProps {
  /** Shown as a native modal while true; keep it true through an exit fade. */
  shown: boolean;
  /** The glass (the dialog's ::backdrop) fades in while true. */
  visible: boolean;
  /** Escape, the browser's close request (a back gesture) or a click on the glass: the owner decides. */
  onDismiss: () => void;
  /** The dialog element, for owners that scroll it or measure it. */
  dialogRef?: RefObject<HTMLDialogElement | null>;
  className?: string;
  style?: CSSProperties;
  label?: string;
  labelledBy?: string;
  children: ReactNode;
}

/**
 * Every modal of the app on the native <dialog> (Modal, the post form, fast compose): the browser
 * keeps focus inside and the page behind inert, global.css locks the page's scroll while a modal
 * is open, and the glass is the dialog's ::backdrop. Focus goes to the (last) element marked
 * data-autofocus (else the browser's choice) and back where it was when the dialog goes.
 *
 * Escape is the dialog's when it reaches the dialog: a widget inside that keeps its Escape (a
 * menu, a bubble, a popover) stops it on its way up and also prevents its default, so the
 * browser sends no cancel either. The dialog cannot rely on defaultPrevented alone: the rich
 * editor (ProseMirror) prevents the default of every Escape typed in it.
 */
export function ModalDialog({ shown, visible, onDismiss, dialogRef, className, style, label, labelledBy, children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [layer, setLayer] = useState<HTMLDialogElement | null>(null);
  const dismiss = useRef(onDismiss);
  useLayoutEffect(() => {
    dismiss.current = onDismiss;
  });

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!shown || !dialog) return;
    const previous = document.activeElement as HTMLElement | null;
    let ours = true;
    const onCancel = (event: Event) => {
      // Closed by the owner, after its fade or its question.
      event.preventDefault();
      dismiss.current();
    };
    const onClose = () => {
      // The browser closes without a cancel it lets us stop (a second close request with no
      // input between): shown again, so the owner still decides (the post form may ask first).
      if (!ours || !dialog.isConnected) return;
      dialog.showModal();
      dismiss.current();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClose);
    if (!dialog.open) dialog.showModal();
    // The innermost mark wins: a form's first field inside a panel marked for the loading time.
    [...dialog.querySelectorAll<HTMLElement>('[data-autofocus]')].pop()?.focus();
    return () => {
      ours = false;
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClose);
      if (dialog.open) dialog.close();
      previous?.focus?.();
    };
  }, [ref, shown]);

  if (!shown) return null;
  return createPortal(
    <dialog
      ref={(element) => {
        ref.current = element;
        if (dialogRef) dialogRef.current = element;
        setLayer(element);
      }}
      aria-label={label}
      aria-labelledby={labelledBy}
      className={`${styles.dialog} ${visible ? styles.visible : ''} ${className ?? ''}`}
      style={{ '--glass-fade': `${GLASS_FADE_MS}ms`, ...style } as CSSProperties}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onDismiss();
      }}
      // The glass is the dialog's ::backdrop, and an owner's empty space is the dialog itself:
      // a click on either lands on the dialog.
      onClick={(event) => event.target === event.currentTarget && onDismiss()}
    >
      <LayerRoot value={layer}>{children}</LayerRoot>
    </dialog>,
    document.body,
  );
}

// A modal sits in the browser's top layer, over everything else, and leaves the rest of the page
// inert: a floating layer (a popover, a card, a tooltip) opened from inside one goes inside it.
const LayerRoot = createContext<HTMLElement | null>(null);

/** Where a floating layer opened from this component's place in the tree goes. */
export function useLayerRoot(): HTMLElement {
  return useContext(LayerRoot) ?? document.body;
}

/** The same, for a layer placed from the DOM (the one tooltip of the page): by its element. */
export function layerRootOf(element: Element | null | undefined): HTMLElement {
  return element?.closest('dialog') ?? document.body;
}
