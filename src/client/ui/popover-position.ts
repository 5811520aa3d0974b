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

export const SHIFT_ERROR = 'Popover shift needs to be: {Object} => x: {Number}, y: {Number}';

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

/**
 * Places a popover below its anchor (the spec's default side), centred on it, then moved by the
 * shift and kept at least 10 px inside the container.
 */
export function positionBelow(anchor: Rect, popover: { width: number; height: number }, container: Rect, shift: Shift) {
  const min = POPOVER_MIN_DISTANCE;
  let left = anchor.left + anchor.width / 2 - popover.width / 2 + shift.x;
  left = Math.min(left, container.left + container.width - popover.width - min);
  left = Math.max(left, container.left + min);
  const top = anchor.top + anchor.height + 8 + shift.y;
  return { left, top };
}
