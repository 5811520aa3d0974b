import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';

export type MenuOrientation = 'vertical' | 'horizontal';

const NEXT: Record<MenuOrientation, readonly string[]> = { vertical: ['ArrowDown'], horizontal: ['ArrowDown', 'ArrowRight'] };
const PREVIOUS: Record<MenuOrientation, readonly string[]> = { vertical: ['ArrowUp'], horizontal: ['ArrowUp', 'ArrowLeft'] };

/**
 * Which item a key moves to from `index` among `count` (wrapping at both ends), or null when the
 * key is not a move. From no item (-1), the next is the first and the previous the last.
 */
export function menuMove(key: string, index: number, count: number, orientation: MenuOrientation = 'vertical'): number | null {
  if (count === 0) return null;
  if (NEXT[orientation].includes(key)) return (index + 1) % count;
  if (PREVIOUS[orientation].includes(key)) return index < 0 ? count - 1 : (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/** On a menu's button: ArrowDown or ArrowUp opens the menu, as a click does. */
export function openMenuOnArrow(event: KeyboardEvent, open: () => void) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  event.preventDefault();
  open();
}

const itemsIn = (menu: HTMLElement | null) => [...(menu?.querySelectorAll<HTMLElement>('[role^="menuitem"]:not([disabled])') ?? [])];

interface MenuProps {
  label: string;
  /** The button that opened it: Escape puts the focus back there. */
  triggerRef: RefObject<HTMLElement | null>;
  onClose: () => void;
  /** The item that takes the focus on open: the first, or the checked one (a menu like a select). */
  initialFocus?: 'first' | 'checked';
  orientation?: MenuOrientation;
  id?: string;
  className?: string;
  children: ReactNode;
}

/**
 * The one keyboard menu (WAI-ARIA menu pattern): an item takes the focus when it opens, the
 * arrows move between items (wrapping), Home and End go to the ends, Enter and Space choose,
 * Escape closes it and puts the focus back on its button, Tab closes it and moves on, and a press
 * outside it (and its button) closes it. Its items are MenuItems.
 */
export function Menu({ label, triggerRef, onClose, initialFocus = 'first', orientation = 'vertical', id, className, children }: MenuProps) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const items = itemsIn(ref.current);
    const checked = initialFocus === 'checked' ? items.find((item) => item.getAttribute('aria-checked') === 'true') : undefined;
    (checked ?? items[0])?.focus();
    // Only on open: a choice made inside must not move the focus again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!ref.current?.contains(target) && !triggerRef.current?.contains(target)) onClose();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [onClose, triggerRef]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = itemsIn(ref.current);
    const current = document.activeElement as HTMLElement | null;
    const next = menuMove(event.key, items.indexOf(current!), items.length, orientation);
    if (next !== null) {
      event.preventDefault();
      items[next]?.focus();
      return;
    }
    switch (event.key) {
      case 'Escape':
        // Closes the menu only, not a form or popover around it.
        event.preventDefault();
        event.stopPropagation();
        onClose();
        triggerRef.current?.focus();
        break;
      case 'Tab':
        onClose();
        break;
      case 'Enter':
      case ' ':
        // Buttons and links choose by themselves; anything else is clicked here.
        if (current && items.includes(current) && !current.matches('button, a[href]')) {
          event.preventDefault();
          current.click();
        }
        break;
    }
  };

  return (
    <div ref={ref} id={id} role="menu" aria-label={label} aria-orientation={orientation} className={className} onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}

interface MenuItemProps {
  onSelect: () => void;
  /** For a choice among several (menuitemradio): whether it is the current one. */
  checked?: boolean;
  className?: string;
  children: ReactNode;
}

/** A choice in a Menu; out of the Tab order, since the arrows move between items. */
export function MenuItem({ onSelect, checked, className, children }: MenuItemProps) {
  return (
    <button type="button" role={checked === undefined ? 'menuitem' : 'menuitemradio'} aria-checked={checked} tabIndex={-1} className={className} onClick={onSelect}>
      {children}
    </button>
  );
}
