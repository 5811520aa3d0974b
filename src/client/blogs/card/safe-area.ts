import { safePolygon, type HandleCloseContext } from '@floating-ui/react';

type Side = 'top' | 'bottom' | 'left' | 'right';

/** Where the pointer left the name, and what it left. */
export interface PointerLeave {
  clientX: number;
  clientY: number;
  target: EventTarget | null;
  relatedTarget: EventTarget | null;
}

/**
 * After the pointer leaves a blog's name: while it travels toward the card, inside the triangle
 * from where it left to the card's near edge (floating-ui's safe polygon), the card stays; when
 * it strays out of it, or stops on the way, `onOutside` runs (the card's usual close countdown).
 * Leaving away from the card runs it at once. Answers the stop (the pointer reached the card or
 * the name again, or the card went away).
 */
export function followSafeArea(leave: PointerLeave, reference: Element, card: HTMLElement, onOutside: () => void): () => void {
  const stop = () => document.removeEventListener('mousemove', onMove);
  // safePolygon reads only these of a floating-ui context: the card is placed by our own primitive.
  const context = {
    x: leave.clientX,
    y: leave.clientY,
    placement: (card.dataset.side ?? 'bottom') as Side,
    elements: { domReference: reference, reference, floating: card },
    onClose: () => {
      stop();
      onOutside();
    },
    tree: null,
  } as unknown as HandleCloseContext;
  const onMove = safePolygon()(context);
  document.addEventListener('mousemove', onMove);
  // The leave itself, as floating-ui's useHover passes it (a pointerleave says the same).
  onMove({ type: 'mouseleave', clientX: leave.clientX, clientY: leave.clientY, target: leave.target, relatedTarget: leave.relatedTarget } as unknown as MouseEvent);
  return stop;
}
