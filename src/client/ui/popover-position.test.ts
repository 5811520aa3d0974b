import { describe, expect, it } from 'vitest';
import { placePopover, positionBelow, SHIFT_ERROR, validateShift } from './popover-position';

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

describe('placePopover', () => {
  const none = { x: 0, y: 0 };
  const size = { width: 200, height: 300 };

  it('opens below the anchor when it fits there', () => {
    expect(placePopover({ left: 400, top: 100, width: 40, height: 30 }, size, container, none))
      .toEqual({ left: 320, top: 138, side: 'bottom' });
  });

  it('opens below when it fits with exactly 10 px to spare', () => {
    // 452 + 8 + 30 + 300 = 790: 10 px from the bottom edge.
    expect(placePopover({ left: 400, top: 452, width: 40, height: 30 }, size, container, none).side).toBe('bottom');
    expect(placePopover({ left: 400, top: 453, width: 40, height: 30 }, size, container, none).side).toBe('top');
  });

  it('opens above when there is no room below but room above', () => {
    expect(placePopover({ left: 400, top: 700, width: 40, height: 30 }, size, container, none))
      .toEqual({ left: 320, top: 392, side: 'top' });
  });

  it('opens above when it fits there with exactly 10 px to spare', () => {
    // 318 - 8 - 300 = 10.
    expect(placePopover({ left: 400, top: 318, width: 40, height: 500 }, size, container, none))
      .toEqual({ left: 320, top: 10, side: 'top' });
  });

  it('keeps the horizontal clamping on the top side', () => {
    const anchor = { left: 960, top: 700, width: 40, height: 30 };
    expect(placePopover(anchor, { width: 300, height: 300 }, container, none)).toEqual({ left: 690, top: 392, side: 'top' });
    expect(placePopover({ ...anchor, left: 0 }, { width: 300, height: 300 }, container, none).left).toBe(10);
  });

  it('takes the side with more room when it fits on neither, kept 10 px inside the container', () => {
    const tall = { width: 200, height: 600 };
    // 500 px above, 270 below: above, pushed down to 10 px from the top.
    expect(placePopover({ left: 400, top: 500, width: 40, height: 30 }, tall, container, none))
      .toEqual({ left: 320, top: 10, side: 'top' });
    // 200 px above, 570 below: below, pulled up to end 10 px from the bottom.
    expect(placePopover({ left: 400, top: 200, width: 40, height: 30 }, tall, container, none))
      .toEqual({ left: 320, top: 190, side: 'bottom' });
  });

  it('shows the top of a popover taller than the container', () => {
    expect(placePopover({ left: 400, top: 600, width: 40, height: 30 }, { width: 200, height: 900 }, container, none))
      .toEqual({ left: 320, top: 10, side: 'top' });
  });

  it('stays 10 px inside the container when the anchor has scrolled out of it', () => {
    expect(placePopover({ left: 400, top: -100, width: 40, height: 30 }, size, container, none))
      .toEqual({ left: 320, top: 10, side: 'bottom' });
  });

  it('applies the shift on either side: x to the right, y away from the anchor', () => {
    const shift = { x: 15, y: 5 };
    expect(placePopover({ left: 400, top: 100, width: 40, height: 30 }, size, container, shift))
      .toEqual({ left: 335, top: 143, side: 'bottom' });
    expect(placePopover({ left: 400, top: 700, width: 40, height: 30 }, size, container, shift))
      .toEqual({ left: 335, top: 387, side: 'top' });
  });

  it('counts the shift when deciding whether the popover fits', () => {
    // Fits below without the shift (ends at 790), not with 5 px more.
    expect(placePopover({ left: 400, top: 452, width: 40, height: 30 }, size, container, { x: 0, y: 5 }).side).toBe('top');
  });

  it('works in a container that does not start at 0', () => {
    const offset = { left: 100, top: 50, width: 500, height: 400 };
    expect(placePopover({ left: 300, top: 380, width: 40, height: 20 }, { width: 100, height: 100 }, offset, none))
      .toEqual({ left: 270, top: 272, side: 'top' });
  });
});
