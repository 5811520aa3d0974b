// Post form timings from spec 1 §9 that only the client uses.

/** The form scrolls into view over this long, leaving this much room above it. */
export const FORM_SCROLL_MS = 400;
export const FORM_SCROLL_PADDING = 20;
/** The save notification shows this long after the form closes... */
export const SAVE_NOTICE_DELAY_MS = 250;
/** ...and stays this long (not in the spec: long enough to read a short sentence). */
export const SAVE_NOTICE_VISIBLE_MS = 4000;
