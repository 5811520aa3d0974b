export interface Shift {
  x: number;
  y: number;
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
