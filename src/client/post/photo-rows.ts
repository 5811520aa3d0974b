import { PHOTO_MAX } from '../../shared/posts/messages';

/**
 * Splits a photoset into rows by its layout: each digit is how many photos the next row holds
 * ('12' is one photo, then two side by side). Photos the layout does not cover get a row each,
 * and a set never shows more than the spec's 10.
 */
export function photoRows<T>(photos: readonly T[], layout: string): T[][] {
  const shown = photos.slice(0, PHOTO_MAX);
  const rows: T[][] = [];
  let at = 0;
  for (const digit of layout) {
    const size = Number(digit);
    if (!Number.isInteger(size) || size < 1) continue;
    if (at >= shown.length) break;
    rows.push(shown.slice(at, at + size));
    at += size;
  }
  for (; at < shown.length; at++) rows.push([shown[at]!]);
  return rows;
}

/**
 * The tallest a lone photo is drawn, as a multiple of the column's width: a 2:3 portrait still
 * fills the column, a taller one is capped at that height and centred (never left-aligned with a
 * gap on one side).
 */
export const LONE_PHOTO_MAX_HEIGHT = 1.5;

/** A photo's aspect ratio (width over height); 1 when its size is unknown. */
export const aspectRatio = (photo: { width?: number | null; height?: number | null }) =>
  photo.width && photo.height ? photo.width / photo.height : 1;

/**
 * How much each photo of a row grows: in proportion to its aspect ratio, so that the row's photos
 * share one height. Scaled so that the smallest is 1: flex-grow values that add up to less than 1
 * hand out only that share of the row (two tall portraits at 0.4 each would fill 80% of it).
 */
export function rowGrowths(ratios: readonly number[]): number[] {
  const smallest = Math.min(...ratios);
  return ratios.map((ratio) => Number((ratio / smallest).toFixed(4)));
}

/** The share of the column's width a photo alone in its row takes: all of it unless it is very tall. */
export function lonePhotoWidth(ratio: number): number {
  return Math.min(1, ratio * LONE_PHOTO_MAX_HEIGHT);
}
