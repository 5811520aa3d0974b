import type { PhotoView } from '../../shared/posts/types';

/**
 * A photo's alt text, the same in the card and the lightbox: none when its caption, shown beside
 * it, already says what it is; else its place in the set.
 */
export function photoAlt(photo: PhotoView, index: number, count: number): string {
  if (photo.caption) return '';
  return count > 1 ? `Photo ${index + 1} of ${count}` : 'Photo';
}
