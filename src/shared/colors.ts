// Theme colours, without zod: the blog card reads them in the page's first load.

const HEX6 = /^#?([0-9a-f]{6})$/i;
const HEX3 = /^#?([0-9a-f]{3})$/i;

/**
 * A theme colour as '#RRGGBB' (spec 1 §5: hex colours are normalised, 3-digit shorthand is
 * expanded), or null when it is not a hex colour. The leading '#' is optional on input.
 */
export function normalizeHexColor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const six = HEX6.exec(text);
  if (six) return `#${six[1]!.toUpperCase()}`;
  const three = HEX3.exec(text);
  if (!three) return null;
  const [r, g, b] = three[1]!.toUpperCase();
  return `#${r}${r}${g}${g}${b}${b}`;
}
