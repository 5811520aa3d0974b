// The product's own sticker pack (spec 2 §3 Sticker): small SVG drawings made here from a few
// shapes and colours, so nothing is fetched from elsewhere. Each is served at a fixed address and
// never changes, so browsers keep it.
import type { StickerView } from '../../shared/messaging/api';

export const STICKER_PACK_ID = 'tumbleweed-basics';

interface StickerDrawing {
  id: string;
  description: string;
  /** The drawing inside a 100 × 100 box. */
  body: string;
}

const face = (fill: string, mouth: string) =>
  `<circle cx="50" cy="50" r="44" fill="${fill}" stroke="#001935" stroke-width="4"/>` +
  '<circle cx="36" cy="40" r="6" fill="#001935"/><circle cx="64" cy="40" r="6" fill="#001935"/>' +
  `<path d="${mouth}" fill="none" stroke="#001935" stroke-width="5" stroke-linecap="round"/>`;

const DRAWINGS: readonly StickerDrawing[] = [
  { id: 'smile', description: 'A smiling face', body: face('#ffd400', 'M30 62 Q50 80 70 62') },
  { id: 'frown', description: 'A frowning face', body: face('#8fa3ff', 'M30 72 Q50 56 70 72') },
  { id: 'wow', description: 'A surprised face', body: `${face('#ff8a00', 'M50 64 L50 64')}<circle cx="50" cy="68" r="9" fill="#001935"/>` },
  { id: 'heart', description: 'A red heart', body: '<path d="M50 86 L14 50 A20 20 0 0 1 50 22 A20 20 0 0 1 86 50 Z" fill="#ff492f" stroke="#001935" stroke-width="4"/>' },
  { id: 'star', description: 'A yellow star', body: '<path d="M50 8 L61 38 L94 38 L67 58 L77 90 L50 70 L23 90 L33 58 L6 38 L39 38 Z" fill="#ffd400" stroke="#001935" stroke-width="4"/>' },
  { id: 'thumbs-up', description: 'A green check mark', body: '<circle cx="50" cy="50" r="44" fill="#00cf35" stroke="#001935" stroke-width="4"/><path d="M28 52 L44 68 L74 34" fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round"/>' },
  { id: 'tumbleweed', description: 'A rolling tumbleweed', body: '<circle cx="50" cy="50" r="40" fill="none" stroke="#a0785a" stroke-width="6"/><path d="M20 40 Q50 10 80 45 M18 60 Q50 90 82 58 M30 22 Q60 50 40 88 M70 20 Q40 50 64 86" fill="none" stroke="#a0785a" stroke-width="5"/>' },
  { id: 'wave', description: 'A blue wave', body: '<path d="M6 64 Q22 40 38 64 T70 64 T98 64 L98 96 L6 96 Z" fill="#00b8ff" stroke="#001935" stroke-width="4"/>' },
];

const SVGS = new Map(
  DRAWINGS.map((d) => [d.id, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="250" height="250"><title>${d.description}</title>${d.body}</svg>`]),
);

/** The address of a sticker's drawing. */
export const stickerUrl = (publicUrl: string, id: string) => `${publicUrl}/svc/stickers/${id}.svg`;

export const isSticker = (id: string) => SVGS.has(id);

export const stickerSvg = (id: string) => SVGS.get(id);

export function stickerView(publicUrl: string, id: string): { url: string; original_size_url: string } {
  const url = stickerUrl(publicUrl, id);
  return { url, original_size_url: url };
}

export const stickerPack = (publicUrl: string): StickerView[] =>
  DRAWINGS.map((d) => ({ id: d.id, description: d.description, media_key: `${STICKER_PACK_ID}:${d.id}`, sticker_pack_id: STICKER_PACK_ID, ...stickerView(publicUrl, d.id) }));
