import { describe, expect, it } from 'vitest';
import { hiddenSides } from './scroll-hint';

/** jsdom does no layout: a row 300 px wide showing `clientWidth` of it, scrolled by `scrollLeft`. */
function row(clientWidth: number, scrollLeft: number) {
  const element = document.createElement('div');
  Object.defineProperty(element, 'scrollWidth', { value: 300 });
  Object.defineProperty(element, 'clientWidth', { value: clientWidth });
  Object.defineProperty(element, 'scrollLeft', { value: scrollLeft });
  return element;
}

describe('hiddenSides', () => {
  it('says which sides of a sideways row hide more of it', () => {
    expect(hiddenSides(row(300, 0))).toBe('none');
    expect(hiddenSides(row(200, 0))).toBe('end');
    expect(hiddenSides(row(200, 50))).toBe('both');
    expect(hiddenSides(row(200, 100))).toBe('start');
  });
});
