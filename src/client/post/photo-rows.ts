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
