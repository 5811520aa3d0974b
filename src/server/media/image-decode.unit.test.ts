import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { readConfig } from '../config';
import { imageLimits, processImage } from './images';
import type { MediaStorage } from './storage';
import { animatedGif, jpegWithExif } from './test-files';

// Every sharp pipeline the processing opens, with what it was opened on: decoding the uploaded
// file is most of the cost of an image, so how often that happens is what this file checks.
const opened = vi.hoisted(() => [] as unknown[]);
vi.mock('sharp', async (importOriginal) => {
  const real = (await importOriginal<typeof import('sharp')>()).default;
  const counted = (...args: Parameters<typeof real>) => {
    opened.push(args[0]);
    return real(...args);
  };
  return { default: Object.assign(counted, real) };
});

const { default: sharp } = await import('sharp');

function memoryStorage() {
  const files = new Map<string, Buffer>();
  const storage: MediaStorage = {
    async put(key, data) {
      if (!Buffer.isBuffer(data)) throw new Error('only buffers here');
      files.set(key, data);
    },
    exists: async (key) => files.has(key),
    read: async (key) => Readable.from(files.get(key)!),
    size: async (key) => files.get(key)?.length ?? null,
    remove: async (key) => {
      files.delete(key);
    },
    url: (key) => `/media/${key}`,
  };
  return { storage, files };
}

const SHA = 'cd'.repeat(32);
const LIMITS = imageLimits(readConfig({}).media);

describe('still images are decoded once', () => {
  it('reads the upload once for its header and once for its pixels, whatever the number of sizes', async () => {
    const input = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#2a7' } })
      .jpeg()
      .toBuffer();
    const { storage, files } = memoryStorage();
    opened.length = 0;
    const result = await processImage(storage, input, SHA, LIMITS);
    // 1080 and 1280 wide, the five smaller widths and the square.
    expect(result.sizes).toHaveLength(8);
    expect(files.size).toBe(8);
    expect(opened.filter((source) => source === input)).toHaveLength(2);
    const widest = await sharp(files.get(`cd/cd/${SHA}-1280.jpg`)!).metadata();
    expect([widest.width, widest.height]).toEqual([1280, 640]);
  });

  it('turns the image upright once, so every size stands the same way, with no metadata left', async () => {
    const { storage, files } = memoryStorage();
    const result = await processImage(storage, await jpegWithExif(), SHA, LIMITS);
    expect(result).toMatchObject({ origWidth: 200, origHeight: 300, main: { width: 200, height: 300 } });
    for (const data of files.values()) {
      const meta = await sharp(data).metadata();
      expect(meta.exif).toBeUndefined();
      if (meta.width !== 75) expect(meta.height).toBe(Math.round(meta.width! * 1.5));
    }
  });

  it('keeps every frame of an animation in every size', async () => {
    const { storage, files } = memoryStorage();
    await processImage(storage, await animatedGif(3), SHA, LIMITS);
    for (const data of files.values()) expect((await sharp(data).metadata()).pages).toBe(3);
  });
});
