// The positioning engine (@floating-ui's computePosition and autoUpdate), in a chunk of its own:
// floating.ts loads it the first time something floats, so the shell's first load stays small.
import { autoUpdate, computePosition, flip, offset, shift, type Placement, type ReferenceElement, type Strategy } from '@floating-ui/react-dom';
import { POPOVER_MIN_DISTANCE } from '../../shared/constants';

export interface PlaceOptions {
  placement: Placement;
  strategy: Strategy;
  /** Distance from the reference, and the cross-axis move (a popover's shift). */
  mainAxis: number;
  crossAxis: number;
}

export interface Placed {
  x: number;
  y: number;
  placement: Placement;
}

/**
 * Places `floating` beside `reference` now and again whenever either moves or changes size
 * (scroll, resize, layout shifts): on the preferred side when it fits there with 10 px to spare
 * from the window's edge, on the other side when it fits only there, else on the side with more
 * room; moved along (and back inside) the window to keep 10 px from its edges. Answers the stop.
 */
export function follow(reference: ReferenceElement, floating: HTMLElement, options: PlaceOptions, onPlaced: (placed: Placed) => void): () => void {
  let stopped = false;
  const place = () =>
    void computePosition(reference, floating, {
      placement: options.placement,
      strategy: options.strategy,
      middleware: [
        offset({ mainAxis: options.mainAxis, crossAxis: options.crossAxis }),
        flip({ padding: POPOVER_MIN_DISTANCE, fallbackStrategy: 'bestFit', crossAxis: false }),
        shift({ padding: POPOVER_MIN_DISTANCE, crossAxis: true }),
      ],
    }).then(({ x, y, placement }) => {
      // An answer measured before the stop must not move an element that is gone or reused.
      if (!stopped) onPlaced({ x, y, placement });
    });
  const stopUpdates = autoUpdate(reference, floating, place);
  return () => {
    stopped = true;
    stopUpdates();
  };
}
