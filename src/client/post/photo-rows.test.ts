import { describe, expect, it } from 'vitest';
import { photoRows } from './photo-rows';

describe('photoRows', () => {
  it('follows the layout digits row by row', () => {
    expect(photoRows(['a', 'b', 'c'], '12')).toEqual([['a'], ['b', 'c']]);
    expect(photoRows(['a', 'b', 'c', 'd', 'e'], '23')).toEqual([['a', 'b'], ['c', 'd', 'e']]);
  });
  it('gives uncovered photos a row each and ignores what is not a row size', () => {
    expect(photoRows(['a', 'b', 'c'], '')).toEqual([['a'], ['b'], ['c']]);
    expect(photoRows(['a', 'b', 'c'], '1x0')).toEqual([['a'], ['b'], ['c']]);
    expect(photoRows(['a', 'b'], '3')).toEqual([['a', 'b']]);
    expect(photoRows(['a'], '111')).toEqual([['a']]);
  });
  it('shows at most 10 photos', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => i);
    expect(photoRows(twelve, '').flat()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
