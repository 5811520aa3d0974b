import { POPOVER_MIN_DISTANCE } from '../../shared/constants';

export interface Shift {
  x: number;
  y: number;
}
export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}
export interface Size {
  width: number;
  height: number;
}
/** Where the popover sits relative to its anchor. */
export type PopoverSide = 'bottom' | 'top';
export interface Placement {
  left: number;
  top: number;
  side: PopoverSide;
}

export const SHIFT_ERROR = 'Popover shift needs to be: {Object} => x: {Number}, y: {Number}';

/** The space between the anchor and the popover. */
export const POPOVER_GAP = 8;

/** Spec 1 §5: a shift must be an object with numeric x and y. */
export function validateShift(shift: unknown): Shift {
  const s = shift as Partial<Shift> | null;
  if (
    typeof s !== 'object' || s === null ||
    typeof s.x !== 'number' || typeof s.y !== 'number' ||
    Number.isNaN(s.x) || Number.isNaN(s.y)
  ) {
    throw new Error(SHIFT_ERROR);
  }
  return { x: s.x, y: s.y };
}

/** Centred on the anchor, moved by the shift, and kept at least 10 px inside the container. */
function horizontal(anchor: Rect, popover: Size, container: Rect, shift: Shift) {
  const min = POPOVER_MIN_DISTANCE;
  const left = anchor.left + anchor.width / 2 - popover.width / 2 + shift.x;
  return Math.max(Math.min(left, container.left + container.width - popover.width - min), container.left + min);
}

/**
 * Places a popover below its anchor (the spec's default side), centred on it, then moved by the
 * shift and kept at least 10 px inside the container horizontally. Never flips; see placePopover.
 */
export function positionBelow(anchor: Rect, popover: Size, container: Rect, shift: Shift) {
  const left = horizontal(anchor, popover, container, shift);
  const top = anchor.top + anchor.height + POPOVER_GAP + shift.y;
  return { left, top };
}

/**
 * Places a popover on the preferred side, below its anchor, when it fits there with 10 px to spare
 * from the container's edge; above it when it fits only there; otherwise on the side with more
 * room, moved back inside the container (10 px from its edges, the top edge first when it is
 * taller than the container). The shift's x moves it right; its y moves it away from the anchor
 * (down below it, up above it), so one shift reads the same on either side.
 */
export function placePopover(anchor: Rect, popover: Size, container: Rect, shift: Shift): Placement {
  const min = POPOVER_MIN_DISTANCE;
  const left = horizontal(anchor, popover, container, shift);
  const upper = container.top + min;
  const lower = container.top + container.height - min;

  const below = anchor.top + anchor.height + POPOVER_GAP + shift.y;
  const above = anchor.top - POPOVER_GAP - shift.y - popover.height;
  const fitsBelow = below >= upper && below + popover.height <= lower;
  const fitsAbove = above >= upper && above + popover.height <= lower;

  let side: PopoverSide;
  if (fitsBelow) side = 'bottom';
  else if (fitsAbove) side = 'top';
  else {
    const roomBelow = container.top + container.height - (anchor.top + anchor.height);
    const roomAbove = anchor.top - container.top;
    side = roomAbove > roomBelow ? 'top' : 'bottom';
  }
  let top = side === 'bottom' ? below : above;
  if (!(side === 'bottom' ? fitsBelow : fitsAbove)) top = Math.max(Math.min(top, lower - popover.height), upper);
  return { left, top, side };
}
