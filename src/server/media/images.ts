// Images through sharp: the header is read first and images declaring too many pixels are refused
// before a pixel is decoded; then one main size (at most 1080 wide, spec 1 §9), the alternative
// widths smaller than the original, and a 75×75 square. EXIF orientation is applied, and the
// outputs carry no metadata (no EXIF, no GPS, no ICC profile: sharp converts to sRGB and strips).
// The original is not kept: it is the file that has the location in it.
import sharp, { type Sharp } from 'sharp';
import { LIMITS } from '../../shared/constants';
import type { MediaSize } from '../db/tables/media';
import { brokenFile, tooManyPixels } from './formats';
import { mediaKey, type MediaStorage } from './storage';

export const MAIN_MAX_WIDTH = LIMITS.image_downscale_limit;
/** Alternative widths, made only when smaller than the original. */
export const ALT_WIDTHS = [1280, 640, 500, 400, 250, 100] as const;
export const SQUARE = 75;

type OutputFormat = 'jpeg' | 'png' | 'webp' | 'gif';
const EXT: Record<OutputFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif' };
const MIME: Record<OutputFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };

export interface ImageResult {
  mime: string;
  /** The main size: what a post shows. */
  main: MediaSize;
  /** Every stored size, largest first, the main one and the square included. */
  sizes: MediaSize[];
  origWidth: number;
  origHeight: number;
  /** More than 1 for an animated GIF or WebP (kept animated). */
  frames: number;
}

export interface ImageOptions {
  maxInputPixels: number;
  /** The form field, for error messages. */
  field?: string;
}

interface Plan {
  label: string;
  resize: Parameters<Sharp['resize']>[0];
}

/** Width and height after EXIF orientation: 5 to 8 turn the image a quarter. */
const oriented = (width: number, height: number, orientation: number | undefined) =>
  orientation && orientation >= 5 ? { width: height, height: width } : { width, height };

/** Which outputs an image of this oriented width gets. */
export function plannedWidths(width: number): { main: number; alts: number[] } {
  return { main: Math.min(width, MAIN_MAX_WIDTH), alts: ALT_WIDTHS.filter((w) => w < width) };
}

function encode(pipeline: Sharp, format: OutputFormat): Sharp {
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({ quality: 85 });
    case 'png':
      return pipeline.png();
    case 'webp':
      return pipeline.webp({ quality: 85 });
    case 'gif':
      return pipeline.gif();
  }
}

/**
 * Makes and stores every size of an image (a file path or bytes) whose uploaded bytes hash to
 * `sha256`. Throws the 400s of an upload for unreadable files and pixel bombs.
 */
export async function processImage(storage: MediaStorage, input: string | Buffer, sha256: string, options: ImageOptions): Promise<ImageResult> {
  const field = options.field ?? 'photo';
  // Reading the header decodes no pixels, so it is safe without a limit; the limit is checked below
  // with a message that says what is wrong.
  const meta = await sharp(input, { limitInputPixels: false }).metadata().catch(() => {
    throw brokenFile('image', field);
  });
  const format = meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp' || meta.format === 'gif' ? meta.format : null;
  if (!format || !meta.width || !meta.height) throw brokenFile('image', field);
  const frames = format === 'gif' || format === 'webp' ? Math.max(1, meta.pages ?? 1) : 1;
  const frameHeight = frames > 1 ? (meta.pageHeight ?? meta.height) : meta.height;
  // An animated image is decoded as all its frames stacked: the limit counts them all.
  if (meta.width * frameHeight * frames > options.maxInputPixels) throw tooManyPixels(meta.width, frameHeight, options.maxInputPixels, field);
  const { width, height } = oriented(meta.width, frameHeight, meta.orientation);

  const animated = frames > 1;
  const rotate = (meta.orientation ?? 1) > 1;
  const { main, alts } = plannedWidths(width);
  const plans: Plan[] = [
    { label: String(main), resize: { width: main } },
    ...alts.map((w) => ({ label: String(w), resize: { width: w } })),
    { label: `${SQUARE}sq`, resize: { width: SQUARE, height: SQUARE, fit: 'cover' as const } },
  ];
  // Every size is made before any is stored: a file that fails half way leaves nothing behind.
  const encoded = await Promise.all(
    plans.map(async (plan) => {
      let pipeline = sharp(input, { animated, limitInputPixels: options.maxInputPixels });
      if (rotate) pipeline = pipeline.rotate();
      return { plan, ...(await encode(pipeline.resize(plan.resize), format).toBuffer({ resolveWithObject: true })) };
    }),
  ).catch((error: unknown) => {
    // The header read fine but the pixels did not (truncated or corrupt data).
    throw error instanceof Error && /pixel limit/i.test(error.message)
      ? tooManyPixels(meta.width!, frameHeight, options.maxInputPixels, field)
      : brokenFile('image', field);
  });
  const outputs = await Promise.all(
    encoded.map(async ({ plan, data, info }) => {
      const key = mediaKey(sha256, plan.label, EXT[format]);
      await storage.put(key, data, MIME[format]);
      // For animated output sharp reports the stacked height; a size is one frame.
      return { width: info.width, height: animated ? (info.pageHeight ?? info.height) : info.height, url: storage.url(key) };
    }),
  );
  const sizes = [...outputs].sort((a, b) => b.width - a.width || b.height - a.height);
  return { mime: MIME[format], main: outputs[0]!, sizes, origWidth: width, origHeight: height, frames };
}
