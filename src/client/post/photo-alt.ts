import type { PhotoView } from '../../shared/posts/types';

/**
 * A photo's alt text, the same in the card, the carousel and the lightbox: what its author wrote
 * for it (issue 24.4); else none when its caption, shown beside it, already says what it is; else
 * its place in the set.
 */
export function photoAlt(photo: PhotoView, index: number, count: number): string {
  if (photo.alt_text) return photo.alt_text;
  if (photo.caption) return '';
  return count > 1 ? `Photo ${index + 1} of ${count}` : 'Photo';
}
