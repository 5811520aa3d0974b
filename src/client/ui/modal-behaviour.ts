import { useEffect, type KeyboardEvent, type RefObject } from 'react';
import { FOCUSABLE, focusableIn } from './focusable';

/**
 * While a modal is open: the page behind does not scroll, focus moves into the modal (to
 * `initialFocus`, or the first control marked data-autofocus, or the first control) and goes
 * back where it was on close.
 */
export function useModalFocus(open: boolean, panelRef: RefObject<HTMLElement | null>, initialFocus: 'panel' | 'control' = 'control') {
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const panel = panelRef.current;
    const target =
      initialFocus === 'panel'
        ? panel
        : (panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel?.querySelector<HTMLElement>(FOCUSABLE));
    target?.focus();
    return () => {
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [open, panelRef, initialFocus]);
}

/** Keeps Tab and Shift+Tab cycling inside the panel. */
export function trapTab(event: KeyboardEvent, panel: HTMLElement | null) {
  if (event.key !== 'Tab' || !panel) return;
  const items = focusableIn(panel);
  if (items.length === 0) return;
  const first = items[0]!;
  const last = items[items.length - 1]!;
  if (event.shiftKey && (document.activeElement === first || document.activeElement === panel)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
