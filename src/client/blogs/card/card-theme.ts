// The card's colours from the blog's global_theme_params (spec 1 §3, §5): hex colours normalised,
// 3-digit shorthand expanded; a colour that is not one falls back to the default theme's.
import { normalizeHexColor } from '../../../shared/colors';
import type { GlobalThemeParams } from '../../../shared/types';

export const DEFAULT_CARD_COLOURS = { background: '#FAFAFA', title: '#444444', link: '#529ECC' } as const;

export interface CardColours {
  background: string;
  title: string;
  /** The blog's link colour, darkened or lightened as far as needed to read on the background. */
  link: string;
  /** The Follow button: the link colour, dark enough for its white label. */
  button: string;
  /** Body text that reads on the background: dark on light colours, light on dark ones. */
  text: string;
}

/** Relative luminance (WCAG) of a '#RRGGBB' colour, 0 for black to 1 for white. */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of two '#RRGGBB' colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0').toUpperCase();

/** `colour` mixed toward black or white, step by step, until it reads on `against` (4.5:1, WCAG AA). */
export function readable(colour: string, against: string, ratio = 4.5): string {
  const target = luminance(against) > 0.18 ? 0 : 255;
  const rgb = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
  let mixed = colour;
  for (let step = 0; step <= 20 && contrast(mixed, against) < ratio; step++) {
    const t = step / 20;
    mixed = `#${rgb.map((c) => hex(c + (target - c) * t)).join('')}`;
  }
  return mixed;
}

/**
 * Blogs choose their colours freely; the card keeps their hue but makes the text legible. Links
 * need 4.5:1; a title needs `titleRatio` (3:1 is enough where it is drawn large, WCAG AA).
 */
export function cardColours(theme: Partial<GlobalThemeParams> | undefined, titleRatio = 4.5): CardColours {
  const background = normalizeHexColor(theme?.background_color) ?? DEFAULT_CARD_COLOURS.background;
  const link = normalizeHexColor(theme?.link_color) ?? DEFAULT_CARD_COLOURS.link;
  return {
    background,
    title: readable(normalizeHexColor(theme?.title_color) ?? DEFAULT_CARD_COLOURS.title, background, titleRatio),
    link: readable(link, background),
    button: readable(link, '#FFFFFF'),
    text: luminance(background) > 0.4 ? '#222222' : '#F2F2F2',
  };
}
