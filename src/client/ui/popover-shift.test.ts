import { describe, expect, it } from 'vitest';
import { SHIFT_ERROR, validateShift } from './popover-shift';

describe('validateShift', () => {
  it('accepts numeric x and y', () => {
    expect(validateShift({ x: 3, y: -2 })).toEqual({ x: 3, y: -2 });
  });
  it.each([null, undefined, 5, 'x', { x: 1 }, { x: '1', y: 2 }, { x: NaN, y: 0 }])('refuses %j with the spec message', (shift) => {
    expect(() => validateShift(shift)).toThrow(SHIFT_ERROR);
  });
  it('says exactly what spec 1 §5 says', () => {
    expect(SHIFT_ERROR).toBe('Popover shift needs to be: {Object} => x: {Number}, y: {Number}');
  });
});
