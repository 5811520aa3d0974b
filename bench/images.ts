// Image processing throughput: a 12-megapixel JPEG (made here) through our processing to every
// size (media/images.ts: header check, orientation, 8 outputs, stored on disk), against sharp
// making the same 8 outputs directly from the same file, in the same run, taking turns.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { readConfig } from '../src/server/config';
import { ALT_WIDTHS, imageLimits, MAIN_MAX_WIDTH, processImage, SQUARE } from '../src/server/media/images';
import { localMediaStorage } from '../src/server/media/storage';
import { onCleanup } from './cleanup';

export interface ImageSettings {
  rounds: number;
  /** Images per round and side. */
  perRound: number;
}

export interface ImageResult {
  width: number;
  height: number;
  inputBytes: number;
  outputs: number;
  /** Images per second of each round. */
  ours: number[];
  sharp: number[];
  oursMean: number;
  sharpMean: number;
}

export const IMAGE_RATIO_GOAL = 0.8;

/** A photo-like 4000×3000 JPEG: smoothed noise, so it compresses like a photo and not like a flat colour. */
async function makePhoto(file: string) {
  const noise = await sharp({ create: { width: 1000, height: 750, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 50 } } })
    .blur(1.2)
    .png()
    .toBuffer();
  await sharp(noise).resize(4000, 3000, { kernel: 'cubic' }).modulate({ saturation: 1.4 }).jpeg({ quality: 90 }).toFile(file);
}

/** sharp alone, the same 8 outputs as processImage makes for a 4000-wide JPEG, each from the file. */
async function sharpDirect(file: string) {
  const widths = [MAIN_MAX_WIDTH, ...ALT_WIDTHS];
  await Promise.all([
    ...widths.map((width) => sharp(file).rotate().resize({ width }).jpeg({ quality: 85 }).toBuffer()),
    sharp(file).rotate().resize(SQUARE, SQUARE, { fit: 'cover' }).jpeg({ quality: 85 }).toBuffer(),
  ]);
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

export async function benchImages(settings: ImageSettings): Promise<ImageResult> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tumbleweed-bench-images-'));
  const removeDir = onCleanup(() => fs.rm(dir, { recursive: true, force: true }));
  // libvips would otherwise answer repeats of the same operation from its cache.
  sharp.cache(false);
  try {
    const file = path.join(dir, 'photo.jpg');
    await makePhoto(file);
    const { width, height, size } = await sharp(file).metadata();
    const sha256 = createHash('sha256').update(await fs.readFile(file)).digest('hex');
    const storage = localMediaStorage(path.join(dir, 'media'));
    const ours = async () => {
      const result = await processImage(storage, file, sha256, imageLimits(readConfig({}).media));
      return result.sizes.length;
    };
    const timed = async (run: () => Promise<unknown>) => {
      const started = performance.now();
      for (let i = 0; i < settings.perRound; i++) await run();
      return settings.perRound / ((performance.now() - started) / 1000);
    };
    // Warm-up: code paths and thread pools of both.
    const outputs = await ours();
    await sharpDirect(file);
    const oursRounds: number[] = [];
    const sharpRounds: number[] = [];
    for (let round = 0; round < settings.rounds; round++) {
      // Taking turns, and starting with the other one each round, evens out drift on the machine.
      if (round % 2 === 0) {
        oursRounds.push(await timed(ours));
        sharpRounds.push(await timed(() => sharpDirect(file)));
      } else {
        sharpRounds.push(await timed(() => sharpDirect(file)));
        oursRounds.push(await timed(ours));
      }
    }
    return {
      width: width!,
      height: height!,
      inputBytes: size ?? (await fs.stat(file)).size,
      outputs,
      ours: oursRounds,
      sharp: sharpRounds,
      oursMean: mean(oursRounds),
      sharpMean: mean(sharpRounds),
    };
  } finally {
    sharp.cache(true);
    await removeDir();
  }
}

type Outcome<T> = { ok: true; value: T } | { ok: false; reason: string };

export function printImages(settings: ImageSettings, result: Outcome<ImageResult>) {
  console.log(`\nImage processing: ${settings.rounds} rounds × ${settings.perRound} images per side, taking turns, libvips cache off`);
  if (!result.ok) return console.log(`  failed: ${result.reason}`);
  const r = result.value;
  console.log(`  input: ${r.width}×${r.height} JPEG (${(r.width * r.height / 1e6).toFixed(1)} MP, ${(r.inputBytes / 1e6).toFixed(1)} MB), ${r.outputs} outputs each`);
  console.log(`  ours (processImage, stored to disk): ${r.ours.map((v) => v.toFixed(2)).join(', ')} images/s, mean ${r.oursMean.toFixed(2)}`);
  console.log(`  sharp directly (same resizes, in memory): ${r.sharp.map((v) => v.toFixed(2)).join(', ')} images/s, mean ${r.sharpMean.toFixed(2)}`);
}

export function imageSummaryRows(result: Outcome<ImageResult>): string[][] {
  if (!result.ok) return [['12 MP images/s, ours', 'failed', '', '']];
  const ratio = result.value.oursMean / result.value.sharpMean;
  return [
    ['12 MP images/s to all sizes, ours', result.value.oursMean.toFixed(2), '', ''],
    ['12 MP images/s, sharp directly', result.value.sharpMean.toFixed(2), '', ''],
    ['ratio ours / sharp (images)', ratio.toFixed(2), `>= ${IMAGE_RATIO_GOAL}`, ratio >= IMAGE_RATIO_GOAL ? 'met' : 'MISSED'],
  ];
}
