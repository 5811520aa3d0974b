import { describe, expect, it } from 'vitest';
import { aspectRatio, LONE_PHOTO_MAX_HEIGHT, lonePhotoWidth, photoRows, rowGrowths } from './photo-rows';

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

describe('photo sizes', () => {
  it('a lone photo spans the column unless it is taller than 2:3, then is capped and narrower', () => {
    expect(lonePhotoWidth(4 / 3)).toBe(1);
    expect(lonePhotoWidth(2 / 3)).toBe(1);
    expect(lonePhotoWidth(0.5)).toBeCloseTo(0.75);
    expect(lonePhotoWidth(0.25)).toBeCloseTo(0.25 * LONE_PHOTO_MAX_HEIGHT);
  });
  it('photos side by side grow by their aspect ratios, the smallest by 1, so the row is always filled', () => {
    expect(rowGrowths([0.5, 0.5])).toEqual([1, 1]);
    expect(rowGrowths([0.4, 0.8])).toEqual([1, 2]);
    expect(rowGrowths([1.5, 0.75, 1])).toEqual([2, 1, 1.3333]);
    expect(Math.min(...rowGrowths([0.3, 0.45, 0.35]))).toBe(1);
  });
  it('an unknown size counts as square', () => {
    expect(aspectRatio({ width: null, height: null })).toBe(1);
    expect(aspectRatio({ width: 600, height: 900 })).toBeCloseTo(2 / 3);
  });
});
