import type { Editor } from '@tiptap/core';
import { useLayoutEffect, useRef, type RefObject } from 'react';

export type Placement = 'above' | 'below' | 'line-start';

const GAP = 8;

/**
 * Pins a floating widget (the element given the returned ref) to a range of the document, inside the editor's container (which is
 * position: relative). Writes the position straight to the element's style after each render:
 * it depends on layout, which React state would only mirror one render late.
 */
export function useAnchorPosition<T extends HTMLElement>(
  container: RefObject<HTMLElement | null>,
  editor: Editor,
  range: { from: number; to: number },
  placement: Placement,
): RefObject<T | null> {
  const widget = useRef<T>(null);
  useLayoutEffect(() => {
    const el = widget.current;
    const box = container.current?.getBoundingClientRect();
    if (!el || !box || editor.isDestroyed) return;
    const start = editor.view.coordsAtPos(range.from);
    const end = editor.view.coordsAtPos(range.to, -1);
    if (placement === 'line-start') {
      el.style.top = `${start.top - box.top + (start.bottom - start.top - el.offsetHeight) / 2}px`;
      return;
    }
    const center = (Math.min(start.left, end.left) + Math.max(start.right, end.right)) / 2 - box.left;
    const maxLeft = Math.max(0, box.width - el.offsetWidth);
    el.style.left = `${Math.min(Math.max(0, center - el.offsetWidth / 2), maxLeft)}px`;
    const above = Math.min(start.top, end.top) - box.top - el.offsetHeight - GAP;
    const below = Math.max(start.bottom, end.bottom) - box.top + GAP;
    // Above the selection unless that would leave the window.
    const fitsAbove = Math.min(start.top, end.top) - el.offsetHeight - GAP >= 0;
    el.style.top = `${placement === 'above' && fitsAbove ? above : below}px`;
  });
  return widget;
}
