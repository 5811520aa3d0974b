import type { RefObject } from 'react';

// Blog card timings (spec 1 §4 "Blog card", §9 "Other UI") and where the card anchors.

/** The card closes this long after the mouse leaves the card or its trigger... */
export const CARD_CLOSE_DELAY_MS = 300;
/** ...and is removed this much later, once it has faded out. */
export const CARD_REMOVE_MS = 250;
/** The recent posts show no sooner than this after the card opens. */
export const CARD_POSTS_MIN_DELAY_MS = 500;
/** The description is measured this long after it is drawn, to cut it with a fade if it overflows. */
export const CARD_TRUNCATION_CHECK_MS = 100;
/** A card with fewer highlighted posts than this leaves its recent-posts area empty. */
export const CARD_MIN_POSTS = 2;

/** The first element of a card's trigger: its wrapper has no box of its own (display: contents). */
export const anchorElement = (ref: RefObject<HTMLElement | null>) => (ref.current?.firstElementChild as HTMLElement | null) ?? ref.current;
