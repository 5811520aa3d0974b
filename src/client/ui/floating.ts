// The one floating-element primitive: popovers, the blog card, the editor's bubbles, tooltips and
// menus are all placed by @floating-ui with the same rules (floating-engine.ts). The engine is
// loaded the first time something floats (or when the browser is idle), not with the shell.
import { useLayoutEffect, useMemo, useState, type CSSProperties } from 'react';
import type { Placement, ReferenceElement, Strategy } from '@floating-ui/react-dom';
import type { Placed } from './floating-engine';
import type { Shift } from './popover-shift';

/** The space between an element and what floats beside it. */
export const FLOATING_GAP = 8;

const NO_SHIFT: Shift = { x: 0, y: 0 };

type Engine = typeof import('./floating-engine');
let engine: Engine | null = null;
let loading: Promise<Engine> | null = null;

/** Loads the positioning engine once; tests and idle time call it ahead of the first use. */
export function loadFloating(): Promise<Engine> {
  loading ??= import('./floating-engine').then((module) => (engine = module));
  return loading;
}

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
 * Places a floating element beside its reference (an element, or a virtual one such as a range
 * of text) and keeps it there as anything scrolls or resizes, while it is open. Until its first
 * place is known it is transparent (still focusable, so a menu can take focus at once).
 */
export function useFloatingPlacement({ open, placement = 'bottom', nudge = NO_SHIFT, gap = FLOATING_GAP, strategy = 'fixed' }: FloatingOptions) {
  const [reference, setReference] = useState<ReferenceElement | null>(null);
  const [floating, setFloating] = useState<HTMLElement | null>(null);
  const [placed, setPlaced] = useState<(Placed & { element: HTMLElement }) | null>(null);
  const mainAxis = gap + nudge.y;
  const crossAxis = nudge.x;

  useLayoutEffect(() => {
    if (!open || !reference || !floating) return;
    const options = { placement, strategy, mainAxis, crossAxis };
    let stop: (() => void) | null = null;
    let cancelled = false;
    const start = (loaded: Engine) => {
      if (!cancelled) stop = loaded.follow(reference, floating, options, (next) => setPlaced({ ...next, element: floating }));
    };
    if (engine) start(engine);
    else void loadFloating().then(start);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [open, reference, floating, placement, strategy, mainAxis, crossAxis]);

  const refs = useMemo(() => ({ setReference, setFloating }), []);
  // A place measured for an element that has since been replaced says nothing about the new one.
  const current = open && placed?.element === floating ? placed : null;
  const floatingStyles: CSSProperties = { position: strategy, left: current?.x ?? 0, top: current?.y ?? 0, ...(current ? {} : { opacity: 0 }) };
  /** The side it ended up on, for styles (an arrow, a transition's direction). */
  const side = (current?.placement ?? placement).split('-')[0] as 'top' | 'bottom' | 'left' | 'right';
  return { refs, floatingStyles, side, isPositioned: current !== null };
}

/** Fetches the engine once the browser has nothing else to do, so the first popover opens at once. */
export function preloadFloatingWhenIdle(): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => void loadFloating());
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(() => void loadFloating(), 2000);
  return () => clearTimeout(timer);
}
