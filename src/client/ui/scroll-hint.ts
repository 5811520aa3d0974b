import { useCallback } from 'react';
import styles from './ScrollHint.module.css';

/** The class that draws the fade; the row also needs useScrollHint's ref. */
export const scrollHintClass = styles.row;

/** The width of the fade: an item revealed is moved clear of it. */
const HINT = 40;

type More = 'start' | 'end' | 'both' | 'none';

/** Where a sideways-scrolling row has more than it shows. */
export function hiddenSides(row: HTMLElement): More {
  const max = row.scrollWidth - row.clientWidth;
  const start = row.scrollLeft > 1;
  const end = row.scrollLeft < max - 1;
  return start && end ? 'both' : start ? 'start' : end ? 'end' : 'none';
}

/**
 * A ref for a row that scrolls sideways (overflow-x: auto): keeps its data-more attribute saying
 * which sides hide more of it, as it scrolls or changes size, so scrollHintClass fades those sides.
 */
export function useScrollHint<T extends HTMLElement>() {
  return useCallback((row: T | null) => {
    if (!row) return;
    const mark = () => row.setAttribute('data-more', hiddenSides(row));
    mark();
    row.addEventListener('scroll', mark, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(mark);
    observer?.observe(row);
    return () => {
      row.removeEventListener('scroll', mark);
      observer?.disconnect();
    };
  }, []);
}

/** Scrolls the row sideways just enough that the item is in view and clear of the fade. */
export function revealInRow(row: HTMLElement, item: HTMLElement) {
  const rowBox = row.getBoundingClientRect();
  const box = item.getBoundingClientRect();
  if (box.right > rowBox.right - HINT) row.scrollLeft += box.right - rowBox.right + HINT;
  else if (box.left < rowBox.left + HINT) row.scrollLeft -= rowBox.left + HINT - box.left;
}
