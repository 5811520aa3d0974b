import type { Editor } from '@tiptap/core';
import type { VirtualElement } from '@floating-ui/react-dom';
import { useLayoutEffect } from 'react';
import { useFloatingPlacement } from '../ui/floating';

/** Above the selection (the toolbar), below it (the link bubbles), or left of its line (the "+"). */
export type BubblePlacement = 'above' | 'below' | 'line-start';

const SIDES = { above: 'top', below: 'bottom', 'line-start': 'left' } as const;
/** The "+" sits in the gutter, this far left of the editor's box (as it did at left: -40px, 28 px wide). */
const GUTTER_GAP = 12;

/**
 * A range of the document as something to float beside: the box around its first and last
 * characters; for the line start, a line-high edge at the text's left side (the editor's). Measured each
 * time the primitive places, so it follows the text as it scrolls or reflows.
 */
function rangeReference(editor: Editor, range: { from: number; to: number }, placement: BubblePlacement): VirtualElement {
  return {
    contextElement: editor.view.dom,
    getBoundingClientRect() {
      if (editor.isDestroyed) return new DOMRect();
      const start = editor.view.coordsAtPos(range.from);
      if (placement === 'line-start') {
        return new DOMRect(editor.view.dom.getBoundingClientRect().left, start.top, 0, start.bottom - start.top);
      }
      const end = editor.view.coordsAtPos(range.to, -1);
      const left = Math.min(start.left, end.left);
      const top = Math.min(start.top, end.top);
      return new DOMRect(left, top, Math.max(start.right, end.right) - left, Math.max(start.bottom, end.bottom) - top);
    },
  };
}

/**
 * Places an editor widget (the formatting toolbar, the link bubbles, the paragraph opener) by a
 * range of the text, with the floating-element primitive: inside the editor's container (which
 * is position: relative), flipped to the other side and kept 10 px inside the window as popovers
 * are. Answers the widget's ref callback (setFloating) and style.
 */
export function useRangeBubble(editor: Editor, range: { from: number; to: number }, placement: BubblePlacement) {
  const { refs, floatingStyles } = useFloatingPlacement({
    open: true,
    placement: SIDES[placement],
    strategy: 'absolute',
    ...(placement === 'line-start' ? { gap: GUTTER_GAP } : {}),
  });
  const { from, to } = range;
  useLayoutEffect(() => {
    refs.setReference(rangeReference(editor, { from, to }, placement));
  }, [refs, editor, from, to, placement]);
  return { setFloating: refs.setFloating, style: floatingStyles };
}
