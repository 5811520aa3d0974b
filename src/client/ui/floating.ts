// The one floating-element primitive: popovers, the blog card, the editor's bubbles, tooltips and
// menus are all placed by @floating-ui/react with the same rules.
import { autoUpdate, flip, offset, shift, useFloating, type Placement, type Strategy } from '@floating-ui/react-dom';
import { POPOVER_MIN_DISTANCE } from '../../shared/constants';
import type { Shift } from './popover-shift';

/** The space between an element and what floats beside it. */
export const FLOATING_GAP = 8;

const NO_SHIFT: Shift = { x: 0, y: 0 };

export interface FloatingOptions {
  open: boolean;
  /** The preferred side (spec 1: popovers below their anchor; spec 2: tooltips above). */
  placement?: Placement;
  /** Moves it from its place: x to the right, y away from the anchor, on either side. */
  nudge?: Shift;
  gap?: number;
  /** `fixed` for layers over the page; `absolute` for widgets inside a positioned container. */
  strategy?: Strategy;
}

/**
 * Places a floating element beside its reference: on the preferred side when it fits there with
 * 10 px to spare from the window's edge, on the other side when it fits only there, else on the
 * side with more room; moved along (and back inside) the window to keep 10 px from its edges.
 * It follows the reference as anything scrolls or resizes (autoUpdate), while it is mounted.
 */
export function useFloatingPlacement({ open, placement = 'bottom', nudge = NO_SHIFT, gap = FLOATING_GAP, strategy = 'fixed' }: FloatingOptions) {
  const floating = useFloating({
    open,
    placement,
    strategy,
    // Written as left/top, not a transform: CSS transitions and transforms stay the element's own.
    transform: false,
    whileElementsMounted: autoUpdate,
    middleware: [
      offset({ mainAxis: gap + nudge.y, crossAxis: nudge.x }),
      flip({ padding: POPOVER_MIN_DISTANCE, fallbackStrategy: 'bestFit', crossAxis: false }),
      shift({ padding: POPOVER_MIN_DISTANCE, crossAxis: true }),
    ],
  });
  /** The side it ended up on, for styles (an arrow, a transition's direction). */
  const side = floating.placement.split('-')[0] as 'top' | 'bottom' | 'left' | 'right';
  return { ...floating, side };
}
