// When a key press is a page's shortcut: one rule for the dashboard, the drawer, the header search
// and fast compose, so that a shortcut never fires while typing, nor from inside an open dialog.

export interface KeyPress {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** Where the key was typed: a field, an editor or a menu keeps its keys. */
  target?: EventTarget | null;
}

const isElement = (target: EventTarget | null | undefined): target is Element =>
  Boolean(target) && typeof (target as Element).closest === 'function';

/** Typing in a field (or a widget that takes keys) is not a shortcut. */
export function isTypingTarget(target: EventTarget | null | undefined): boolean {
  if (!isElement(target)) return false;
  if ((target as HTMLElement).isContentEditable) return true;
  return Boolean(target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="menu"], [role="listbox"]'));
}

/** A dialog (the blog drawer, the post form, the lightbox) keeps its keys from the page behind it. */
export function isInDialog(target: EventTarget | null | undefined): boolean {
  return isElement(target) && target.closest('dialog, [role="dialog"]') !== null;
}

/**
 * A page's shortcut: no Ctrl, Cmd or Alt held (those are the browser's; Shift is allowed, `?` needs
 * it on most keyboards), not typed into a field, and not from inside a dialog.
 */
export function isPageShortcut(press: KeyPress): boolean {
  if (press.ctrlKey || press.metaKey || press.altKey) return false;
  return !isTypingTarget(press.target) && !isInDialog(press.target);
}
