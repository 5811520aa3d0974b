import { describe, expect, it } from 'vitest';
import { positionBelow, SHIFT_ERROR, validateShift } from './popover-position';

const container = { left: 0, top: 0, width: 1000, height: 800 };

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

describe('positionBelow', () => {
  it('centres below the anchor', () => {
    expect(positionBelow({ left: 400, top: 10, width: 40, height: 30 }, { width: 200, height: 100 }, container, { x: 0, y: 0 }))
      .toEqual({ left: 320, top: 48 });
  });
  it('keeps 10 px from the right edge of the container', () => {
    expect(positionBelow({ left: 960, top: 10, width: 40, height: 30 }, { width: 300, height: 100 }, container, { x: 0, y: 0 }).left)
      .toBe(690);
  });
  it('keeps 10 px from the left edge, and applies the shift', () => {
    const anchor = { left: 0, top: 10, width: 20, height: 30 };
    expect(positionBelow(anchor, { width: 300, height: 100 }, container, { x: 0, y: 0 }).left).toBe(10);
    expect(positionBelow({ left: 400, top: 10, width: 40, height: 30 }, { width: 200, height: 100 }, container, { x: 15, y: 5 }))
      .toEqual({ left: 335, top: 53 });
  });
});
