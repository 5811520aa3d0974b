// The message look of spec 2 §9 that needs code rather than CSS: the sender's theme colour in
// inbox rows, and the full-width bubble.
import { FULL_WIDTH_BUBBLE_RATIO } from '../../shared/messaging/constants';

/**
 * A theme colour (#rgb or #rrggbb) brightened by `amount` (0 to 1: that share of the way to white),
 * as `rgb(r, g, b)`; undefined for anything that is not such a colour (a theme is the blog's own data).
 */
export function adjustBrightness(color: string | undefined, amount: number): string | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color?.trim() ?? '')?.[1];
  if (!hex) return undefined;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const channels = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)).map((c) => Math.round(c + (255 - c) * amount));
  return `rgb(${channels.join(', ')})`;
}

/** The attribute the list sets on a message whose bubble is wider than 60 % of the list. */
export const FULL_WIDTH_ATTRIBUTE = 'data-full-width';

/**
 * Marks the messages of `list` (those with a `[data-bubble]`) whose bubble, at its natural width,
 * is wider than 60 % of the list. All marks come off before any bubble is measured, and go on
 * after, so the page lays out twice however many messages there are.
 */
export function markFullWidthBubbles(list: HTMLElement) {
  const items = [...list.querySelectorAll<HTMLElement>('[data-bubble]')].map((bubble) => ({ bubble, item: bubble.closest('li') }));
  for (const { item } of items) item?.removeAttribute(FULL_WIDTH_ATTRIBUTE);
  const limit = list.clientWidth * FULL_WIDTH_BUBBLE_RATIO;
  const wide = items.filter(({ bubble }) => bubble.getBoundingClientRect().width > limit);
  for (const { item } of wide) item?.setAttribute(FULL_WIDTH_ATTRIBUTE, '');
}
