import { useEffect, useState } from 'react';
import { GIF_SEARCH } from '../../shared/search/gif';

/**
 * How many of `total` items to draw: a first batch at once, then another batch every few
 * milliseconds (spec 1 §9: 50 every 5 ms), so 200 results do not block typing. Starts over
 * whenever `source` (the list) changes.
 */
export function useBatchedCount(total: number, source: unknown, batch: number = GIF_SEARCH.renderBatch, delayMs: number = GIF_SEARCH.renderDelayMs): number {
  const [state, setState] = useState({ source, shown: Math.min(total, batch) });
  const shown = state.source === source ? Math.min(total, state.shown) : Math.min(total, batch);
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => setState({ source, shown: Math.min(total, shown + batch) }), delayMs);
    return () => clearTimeout(timer);
  }, [source, total, shown, batch, delayMs]);
  return shown;
}
