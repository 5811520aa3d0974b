// One picture for a post wherever it is shown small (activity, blog cards) or shared (Pinterest).
import type { PostContent } from '../../shared/posts/types';
import { moduleOf } from './registry';

/**
 * The address of the post's picture (see each type's `picture`), or null. For an uploaded photo,
 * the smallest stored size at least `minWidth` wide, so it stays sharp at the size shown; the
 * photo as uploaded when no stored size is that wide (or to have the original: `minWidth: Infinity`).
 */
export function postThumbnail(content: PostContent, { minWidth }: { minWidth: number }): string | null {
  const picture = moduleOf(content).picture(content);
  if (picture === null || typeof picture === 'string') return picture || null;
  // Sizes come largest first.
  const fitting = (picture.sizes ?? []).filter((size) => size.width >= minWidth).at(-1);
  return fitting?.url ?? picture.url;
}
