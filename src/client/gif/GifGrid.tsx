import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { GIF_SEARCH, shownGifTags, type GifItem } from '../../shared/search/gif';
import styles from './GifSearchPopover.module.css';
import { columnsFor, masonryLayout, neighbour } from './masonry';
import { useBatchedCount } from './use-batched-count';

interface GifGridProps {
  items: readonly GifItem[];
  onPick: (item: GifItem) => void;
  /** Arrow up from the top row: back to the search box. */
  onLeaveTop: () => void;
}

// The line of tags under each GIF; kept for every item so the columns stay easy to follow.
const TAGS_HEIGHT = 20;
// The popover is three columns wide; without layout (tests) the width reads 0.
const DEFAULT_COLUMNS = 3;

/** Columns that fit the grid's width, measured again when it changes. */
function useColumns(ref: RefObject<HTMLElement | null>): number {
  const [columns, setColumns] = useState(DEFAULT_COLUMNS);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      if (element.clientWidth > 0) setColumns(columnsFor(element.clientWidth));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return columns;
}

/** GIF results in masonry columns (spec 1 §9), drawn in batches; arrows move, Enter picks. */
export function GifGrid({ items, onPick, onLeaveTop }: GifGridProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  // The result in the tab order; a new list starts at its first.
  const [active, setActive] = useState({ items, index: 0 });
  const activeIndex = active.items === items ? Math.min(active.index, items.length - 1) : 0;
  const columns = useColumns(listRef);
  const shown = useBatchedCount(items.length, items);
  const visible = useMemo(() => items.slice(0, shown), [items, shown]);
  const layout = useMemo(() => masonryLayout(visible, columns, TAGS_HEIGHT), [visible, columns]);

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = neighbour(layout, index, event.key);
    if (next === null) return;
    event.preventDefault();
    if (next === -1) onLeaveTop();
    else buttons.current[next]?.focus();
  };

  return (
    <ul ref={listRef} className={styles.grid} style={{ height: layout.height }} aria-label="GIFs">
      {visible.map((item, index) => {
        const place = layout.items[index]!;
        const tags = shownGifTags(item.postTags);
        return (
          <li key={`${item.postId}-${index}`} className={styles.item} style={{ left: place.left, top: place.top, width: GIF_SEARCH.itemWidth }}>
            <button
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              className={styles.pick}
              // One result in the tab order; the arrows reach the others.
              tabIndex={index === Math.min(activeIndex, visible.length - 1) ? 0 : -1}
              aria-label={tags.length ? `GIF by ${item.postBlog}: ${tags.join(', ')}` : `GIF by ${item.postBlog}`}
              onFocus={() => setActive({ items, index })}
              onClick={() => onPick(item)}
              onKeyDown={onKeyDown(index)}
            >
              <img src={item.mediaUrl} alt="" width={GIF_SEARCH.itemWidth} height={place.height} loading="lazy" decoding="async" />
            </button>
            {tags.length > 0 && (
              <ul className={styles.tags} aria-hidden="true">
                {tags.map((tag) => (
                  <li key={tag}>#{tag}</li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}
