// Images through sharp: the header is read first and images declaring too many pixels are refused
// before a pixel is decoded; then one main size (at most 1080 wide, spec 1 §9), the alternative
// widths smaller than the original, and a 75×75 square. EXIF orientation is applied, and the
// outputs carry no metadata (no EXIF, no GPS, no ICC profile: sharp converts to sRGB and strips).
// The original is not kept: it is the file that has the location in it.
// What one upload may cost is bounded before any work starts (frames, and the pixels all its sizes
// add up to), then by a deadline; and only a few images are processed at once (limiter.ts), each
// one size after another, so that one person's uploads cannot occupy the machine.
import sharp, { type Sharp } from 'sharp';
import { LIMITS } from '../../shared/constants';
import type { MediaConfig } from '../config';
import type { MediaSize } from '../db/tables/media';
import { brokenFile, imagesBusy, tooManyFrames, tooManyPixels, tooMuchWork, tooSlow } from './formats';
import { createLimiter, type Limiter } from './limiter';
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

export type ImageLimits = Pick<MediaConfig, 'maxInputPixels' | 'maxFrames' | 'maxWorkPixels' | 'imageTimeoutSeconds' | 'imageJobs'>;

export interface ImageOptions extends ImageLimits {
  /** The form field, for error messages. */
  field?: string;
}

interface Plan {
  label: string;
  resize: Parameters<Sharp['resize']>[0];
  /** Pixels of one frame of the output. */
  pixels: number;
}

export const imageLimits = ({ maxInputPixels, maxFrames, maxWorkPixels, imageTimeoutSeconds, imageJobs }: MediaConfig): ImageLimits => ({
  maxInputPixels,
  maxFrames,
  maxWorkPixels,
  imageTimeoutSeconds,
  imageJobs,
});

/** Images waiting for a place beyond this many are refused (503) rather than held in memory. */
export const MAX_WAITING_IMAGES = 32;

// One line per process: the machine's threads are what it shares out.
const limiters = new Map<number, Limiter>();
export function imageLimiter(jobs: number): Limiter {
  let limiter = limiters.get(jobs);
  if (!limiter) {
    limiter = createLimiter({ concurrency: jobs, maxWaiting: MAX_WAITING_IMAGES, whenFull: imagesBusy });
    limiters.set(jobs, limiter);
  }
  return limiter;
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
 * The upload's pixels, turned upright and scaled once to the widest planned size (never up), as
 * raw 8-bit pixels in sRGB: the source every size of a still image is made from.
 */
async function decodeOnce(input: string | Buffer, plans: Plan[], rotate: boolean, maxInputPixels: number, timeout: { seconds: number }) {
  const widest = Math.max(...plans.map((plan) => plan.resize?.width ?? 0));
  let pipeline = sharp(input, { limitInputPixels: maxInputPixels }).timeout(timeout);
  if (rotate) pipeline = pipeline.rotate();
  const { data, info } = await pipeline.resize({ width: widest, withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
  return { data, raw: { width: info.width, height: info.height, channels: info.channels } };
}

/**
 * Makes and stores every size of an image (a file path or bytes) whose uploaded bytes hash to
 * `sha256`. Throws the 400s of an upload for unreadable files, pixel bombs and images that cost too
 * much to process, and a 503 when too many images already wait for a place.
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
  if (frames > options.maxFrames) throw tooManyFrames(frames, options.maxFrames, field);
  const { width, height } = oriented(meta.width, frameHeight, meta.orientation);

  const animated = frames > 1;
  const rotate = (meta.orientation ?? 1) > 1;
  const { main, alts } = plannedWidths(width);
  const scaled = (w: number) => ({ label: String(w), resize: { width: w }, pixels: w * Math.max(1, Math.round((height * w) / width)) });
  const plans: Plan[] = [scaled(main), ...alts.map(scaled), { label: `${SQUARE}sq`, resize: { width: SQUARE, height: SQUARE, fit: 'cover' as const }, pixels: SQUARE * SQUARE }];
  // Encoding costs by the pixel written, and an animation writes every frame of every size.
  const work = frames * plans.reduce((sum, plan) => sum + plan.pixels, 0);
  if (work > options.maxWorkPixels) throw tooMuchWork(frames, width, height, field);

  // Every size is made before any is stored: a file that fails half way leaves nothing behind.
  const encoded = await imageLimiter(options.imageJobs).run(async () => {
    const deadline = Date.now() + options.imageTimeoutSeconds * 1000;
    const timeLeft = () => {
      const left = deadline - Date.now();
      if (left <= 0) throw tooSlow(field);
      return { seconds: Math.ceil(left / 1000) };
    };
    const failed = (error: unknown): never => {
      const message = error instanceof Error ? error.message : '';
      // The header read fine but the pixels did not (truncated or corrupt data), or took too long.
      if (/timeout/i.test(message)) throw tooSlow(field);
      throw /pixel limit/i.test(message) ? tooManyPixels(meta.width!, frameHeight, options.maxInputPixels, field) : brokenFile('image', field);
    };
    // A still image is decoded once, to the largest size wanted, and every size is made from those
    // pixels: decoding the full upload is most of the cost, and doing it once per size made
    // processing half as fast as sharp alone. The pixels held are one planned size, so already
    // counted in the work bound. An animation is read per size: its frames do not fit one raw image.
    const source = animated ? null : await decodeOnce(input, plans, rotate, options.maxInputPixels, timeLeft()).catch(failed);
    const done = [];
    for (const plan of plans) {
      const timeout = timeLeft();
      let pipeline = source
        ? sharp(source.data, { raw: source.raw }).timeout(timeout)
        : sharp(input, { animated, limitInputPixels: options.maxInputPixels }).timeout(timeout);
      if (!source && rotate) pipeline = pipeline.rotate();
      const output = await encode(pipeline.resize(plan.resize), format).toBuffer({ resolveWithObject: true }).catch(failed);
      done.push({ plan, ...output });
    }
    return done;
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
