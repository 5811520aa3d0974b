import { describe, expect, it } from 'vitest';
import { scrollDelta } from './scroll-into-view';

describe('scrollDelta', () => {
  const view = { top: 0, bottom: 800 };
  it('brings a target above the view down to the padding', () => {
    expect(scrollDelta(view, { top: -100, bottom: 200 }, 20)).toBe(-120);
  });
  it('scrolls a target below the view up until its bottom fits, but never past its top', () => {
    expect(scrollDelta(view, { top: 500, bottom: 900 }, 20)).toBe(120);
    expect(scrollDelta(view, { top: 300, bottom: 2000 }, 20)).toBe(280);
  });
  it('leaves a target that fits alone', () => {
    expect(scrollDelta(view, { top: 40, bottom: 700 }, 20)).toBe(0);
  });
});
