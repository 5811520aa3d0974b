import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import styles from './Popover.module.css';
import { placePopover, validateShift, type Placement, type Shift } from './popover-position';

interface PopoverProps {
  anchorRef: RefObject<HTMLElement | null>;
  open: boolean;
  onClose: () => void;
  /** Moves the popover from its place: x to the right, y away from the anchor. */
  shift?: Shift;
  label: string;
  children: ReactNode;
}

const NO_SHIFT: Shift = { x: 0, y: 0 };

/**
 * A panel pinned below an element, or above it when it fits only there (its side is in
 * data-side). It follows the element as the page scrolls or the window or panel resizes, and
 * closes on a click outside it or on Escape.
 */
export function Popover({ anchorRef, open, onClose, shift = NO_SHIFT, label, children }: PopoverProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<Placement | null>(null);
  const valid = validateShift(shift);

  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      const anchor = anchorRef.current?.getBoundingClientRect();
      const panel = panelRef.current;
      if (!anchor || !panel) return;
      const container = { left: 0, top: 0, width: document.documentElement.clientWidth, height: window.innerHeight };
      const next = placePopover(anchor, { width: panel.offsetWidth, height: panel.offsetHeight }, container, valid);
      setPosition((now) => (now && now.left === next.left && now.top === next.top && now.side === next.side ? now : next));
    };
    place();
    // Scrolling and resizing fire many times a frame: place once, before the next paint.
    let frame = 0;
    const schedule = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        place();
      });
    };
    // The capture phase sees scrolling inside any scrolled box too, not only the page's.
    const listening = { capture: true, passive: true } as const;
    window.addEventListener('scroll', schedule, listening);
    window.addEventListener('resize', schedule, { passive: true });
    // Content that loads later (a lazy chunk) or changes (a form opening) changes the size.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place);
    if (panelRef.current) observer?.observe(panelRef.current);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      observer?.disconnect();
      window.removeEventListener('scroll', schedule, listening);
      window.removeEventListener('resize', schedule);
    };
  }, [open, anchorRef, valid.x, valid.y]); // eslint-disable-line react-hooks/exhaustive-deps

  // A press inside content the panel opened in a portal of its own (a blog card over a name in
  // the panel) is outside the panel's DOM but inside its React tree: React passes it through
  // here before the document hears it, so it does not count as outside.
  const pressedWithin = useRef(false);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      const within = pressedWithin.current;
      pressedWithin.current = false;
      if (within || panelRef.current?.contains(target) || anchorRef.current?.contains(target)) return;
      onClose();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        onClose();
        anchorRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, onClose, anchorRef]);

  if (!open) return null;
  return createPortal(
    <div
      ref={panelRef}
      role="dialog"
      aria-label={label}
      className={styles.popover}
      data-side={position?.side}
      style={position ? { left: position.left, top: position.top } : { visibility: 'hidden' }}
      onPointerDown={() => {
        pressedWithin.current = true;
      }}
    >
      {children}
    </div>,
    document.body,
  );
}
