import { GIF_SEARCH } from '../../shared/search/gif';

export interface Placed {
  left: number;
  top: number;
  /** The image's height at the column width. */
  height: number;
  column: number;
}

export interface MasonryLayout {
  items: Placed[];
  /** The height of the tallest column. */
  height: number;
}

/** How many columns of `itemWidth` with `gutter` between them fit in a width; at least one. */
export function columnsFor(width: number, itemWidth: number = GIF_SEARCH.itemWidth, gutter: number = GIF_SEARCH.gutter): number {
  return Math.max(1, Math.floor((width + gutter) / (itemWidth + gutter)));
}

/**
 * Masonry (spec 1 §9: items 150 wide, gutter 10): each item goes to the shortest column, in
 * order, so the first results stay at the top. `extra` is the height under each image (its tags).
 * An image of unknown size is laid out square.
 */
export function masonryLayout(
  sizes: readonly { width: number | null; height: number | null }[],
  columns: number,
  extra = 0,
  itemWidth: number = GIF_SEARCH.itemWidth,
  gutter: number = GIF_SEARCH.gutter,
): MasonryLayout {
  const tops = Array.from({ length: columns }, () => 0);
  const items = sizes.map(({ width, height }) => {
    const imageHeight = width && height ? Math.round((itemWidth * height) / width) : itemWidth;
    const column = tops.indexOf(Math.min(...tops));
    const placed = { left: column * (itemWidth + gutter), top: tops[column]!, height: imageHeight, column };
    tops[column] += imageHeight + extra + gutter;
    return placed;
  });
  return { items, height: Math.max(0, Math.max(...tops) - gutter) };
}

/**
 * The result an arrow key moves to: left and right go through the results in order, up and
 * down to the nearest one above or below in the same column. -1 means up and out of the grid.
 */
export function neighbour(layout: MasonryLayout, index: number, key: string): number | null {
  const count = layout.items.length;
  if (key === 'ArrowRight') return Math.min(index + 1, count - 1);
  if (key === 'ArrowLeft') return Math.max(index - 1, 0);
  if (key !== 'ArrowUp' && key !== 'ArrowDown') return null;
  const here = layout.items[index];
  if (!here) return null;
  const down = key === 'ArrowDown';
  let best = -1;
  layout.items.forEach((item, i) => {
    if (item.column !== here.column || (down ? item.top <= here.top : item.top >= here.top)) return;
    if (best === -1 || (down ? item.top < layout.items[best]!.top : item.top > layout.items[best]!.top)) best = i;
  });
  if (best !== -1) return best;
  return down ? index : -1;
}
