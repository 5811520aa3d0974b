/**
 * The controls a keyboard reaches with Tab: the one selector for focus moves (modals, the blog
 * card, menus). Disabled controls and those taken out of the tab order are left out.
 */
export const FOCUSABLE = ['a[href]', 'button:not([disabled])', 'input:not([disabled])', 'select:not([disabled])', 'textarea:not([disabled])', '[tabindex]']
  .map((selector) => `${selector}:not([tabindex="-1"])`)
  .join(', ');

/** The focusable controls inside `root`, in document order. */
export const focusableIn = (root: ParentNode | null | undefined): HTMLElement[] => [...(root?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
