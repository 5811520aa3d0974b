// Spec 1 §3's font table for blog titles: open-licence fonts (SIL OFL 1.1 or Apache 2.0) from the
// Fontsource packages on npm, served by this product from those packages (no font host sees the
// readers). Each package keeps its licence, served beside the files (/fonts/{slug}/LICENSE).
// `version` is the package's: the file URLs carry it, so a new version is a new address.

export interface BlogFont {
  display_name: string;
  /** The CSS family name, and the value of the theme's title_font. */
  family: string;
  /** The regular (400) Latin file. */
  path: string;
  version: string;
  /** The bold (700) Latin file, when the font has one; bold titles are synthesised otherwise. */
  bold_path: string | null;
  licence: 'OFL-1.1' | 'Apache-2.0';
}

/** The default title font: the product's own sans, which needs no file. */
export const DEFAULT_TITLE_FONT = 'Gibson';

const font = (slug: string, family: string, version: string, bold: boolean, licence: BlogFont['licence'] = 'OFL-1.1'): BlogFont => ({
  display_name: family,
  family,
  path: `/fonts/${slug}/latin-400.woff2?v=${version}`,
  version,
  bold_path: bold ? `/fonts/${slug}/latin-700.woff2?v=${version}` : null,
  licence,
});

export const BLOG_FONTS: readonly BlogFont[] = [
  font('abril-fatface', 'Abril Fatface', '5.3.0', false),
  font('alegreya', 'Alegreya', '5.3.0', true),
  font('anton', 'Anton', '5.3.0', false),
  font('archivo-black', 'Archivo Black', '5.3.0', false),
  font('arvo', 'Arvo', '5.3.0', true),
  font('bebas-neue', 'Bebas Neue', '5.3.0', false),
  font('bitter', 'Bitter', '5.3.0', true),
  font('cabin', 'Cabin', '5.3.0', true),
  font('caveat', 'Caveat', '5.3.0', true),
  font('cinzel', 'Cinzel', '5.3.0', true),
  font('cormorant-garamond', 'Cormorant Garamond', '5.3.0', true),
  font('courier-prime', 'Courier Prime', '5.3.0', true),
  font('crimson-text', 'Crimson Text', '5.3.0', true),
  font('dm-serif-display', 'DM Serif Display', '5.3.0', false),
  font('eb-garamond', 'EB Garamond', '5.3.0', true),
  font('fira-sans', 'Fira Sans', '5.3.0', true),
  font('josefin-sans', 'Josefin Sans', '5.3.0', true),
  font('lato', 'Lato', '5.3.0', true),
  font('libre-baskerville', 'Libre Baskerville', '5.3.0', true),
  font('lobster', 'Lobster', '5.3.0', false),
  font('lora', 'Lora', '5.3.0', true),
  font('merriweather', 'Merriweather', '5.3.0', true),
  font('montserrat', 'Montserrat', '5.3.0', true),
  font('nunito', 'Nunito', '5.3.0', true),
  font('oswald', 'Oswald', '5.3.0', true),
  font('pacifico', 'Pacifico', '5.3.0', false),
  font('playfair-display', 'Playfair Display', '5.3.0', true),
  font('poppins', 'Poppins', '5.3.0', true),
  font('pt-serif', 'PT Serif', '5.3.0', true),
  font('quicksand', 'Quicksand', '5.3.0', true),
  font('raleway', 'Raleway', '5.3.0', true),
  font('roboto-slab', 'Roboto Slab', '5.3.0', true, 'Apache-2.0'),
  font('space-mono', 'Space Mono', '5.3.0', true),
  font('special-elite', 'Special Elite', '5.3.0', false, 'Apache-2.0'),
  font('work-sans', 'Work Sans', '5.3.0', true),
];

const BY_FAMILY = new Map(BLOG_FONTS.map((f) => [f.family, f]));

/** The table's font of a theme's title_font; undefined for the default and for unknown names. */
export const blogFont = (family: string | undefined) => (family ? BY_FAMILY.get(family) : undefined);

/** The slug of a font's files: the Fontsource package name. */
export const fontSlug = (font: BlogFont) => font.path.split('/')[2]!;

export const TITLE_FONT_NAMES = [DEFAULT_TITLE_FONT, ...BLOG_FONTS.map((f) => f.family)];
