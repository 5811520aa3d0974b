// The tag typeahead's keys (spec 2 §2): up, down, tab and shift+tab move; enter selects.

/** The option a key moves to from `index` among `count` (wrapping), or null when the key does not move. */
export function typeaheadMove(key: string, shift: boolean, index: number, count: number): number | null {
  if (count === 0) return null;
  const forward = key === 'ArrowDown' || (key === 'Tab' && !shift);
  const backward = key === 'ArrowUp' || (key === 'Tab' && shift);
  if (forward) return (index + 1) % count;
  if (backward) return index <= 0 ? count - 1 : index - 1;
  return null;
}
