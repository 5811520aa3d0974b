import { useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useFloatingPlacement } from './floating';
import { useLayerRoot } from './ModalDialog';
import styles from './Popover.module.css';
import { validateShift, type Shift } from './popover-shift';

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

/** The open popovers, oldest first: Escape belongs to the newest, the innermost layer. */
const openPopovers: object[] = [];

/** The layer an element is in: the modal dialog around it, else the page. */
const layerOf = (target: EventTarget | null) => (target instanceof Element ? (target.closest('dialog') ?? document.body) : document.body);

/**
 * A panel pinned below an element, or above it when it fits only there (its side is in
 * data-side), placed by the floating-element primitive. It follows the element as the page
 * scrolls or the window or panel resizes, and closes on a click outside it or on Escape: the
 * innermost layer first, so Escape closes it and not the modal it sits in.
 */
export function Popover({ anchorRef, open, onClose, shift = NO_SHIFT, label, children }: PopoverProps) {
  const nudge = validateShift(shift);
  const { refs, floatingStyles, side } = useFloatingPlacement({ open, nudge });
  const panelRef = useRef<HTMLDivElement | null>(null);
  const layerRoot = useLayerRoot();

  useLayoutEffect(() => {
    if (open) refs.setReference(anchorRef.current);
  }, [open, anchorRef, refs]);

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
    // Escape pressed with the focus outside the panel (a key opened it: focus stayed in the drawer
    // or page under it) is the popover's, not the layer's under it: heard on the way down, before
    // a modal's own handler (the drawer's) can close the whole modal, and stopped there (its default
    // prevented, so the browser sends the modal no cancel). A second Escape then reaches the modal.
    // Inside the panel the panel's own handler below decides, so a widget in it (a menu) keeps its
    // Escape; a modal opened over the popover keeps its own too (focus is in another layer).
    const self = {};
    openPopovers.push(self);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || openPopovers.at(-1) !== self) return;
      const target = event.target;
      if (target instanceof Node && panelRef.current?.contains(target)) return;
      if (layerOf(target) !== layerRoot) return;
      event.preventDefault();
      event.stopPropagation();
      onClose();
      anchorRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      openPopovers.splice(openPopovers.indexOf(self), 1);
      document.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('keydown', onKeyDown, true);
    };
  }, [open, onClose, anchorRef, layerRoot]);

  if (!open) return null;
  return createPortal(
    <div
      ref={(element) => {
        panelRef.current = element;
        refs.setFloating(element);
      }}
      role="dialog"
      aria-label={label}
      className={styles.popover}
      data-side={side}
      style={floatingStyles}
      onPointerDown={() => {
        pressedWithin.current = true;
      }}
      // Escape inside the panel is the popover's only: not a modal's around it (stopped for the
      // dialog's handler, prevented for the browser's cancel), so it closes here.
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        onClose();
        anchorRef.current?.focus();
      }}
    >
      {children}
    </div>,
    layerRoot,
  );
}
