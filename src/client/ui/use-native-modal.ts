import { useLayoutEffect, type RefObject } from 'react';

/**
 * Shows a <dialog> as a native modal while `shown`: the browser keeps focus inside it and makes
 * the rest of the page inert, and global.css locks the page's scroll while any modal is open.
 * Focus goes to the control marked data-autofocus (else the browser's choice, the first control)
 * and back where it was when the dialog goes.
 */
export function useNativeModal(dialogRef: RefObject<HTMLDialogElement | null>, shown: boolean) {
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!shown || !dialog) return;
    const previous = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (dialog.open) dialog.close();
      previous?.focus?.();
    };
  }, [dialogRef, shown]);
}
