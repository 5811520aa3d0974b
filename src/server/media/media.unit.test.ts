import { Readable } from 'node:stream';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { formatOf, maxBytesFor, notValidMessage } from './formats';
import { imageLimiter, imageLimits, plannedWidths, processImage } from './images';
import { keyOfUrl, mediaKey, type MediaStorage } from './storage';
import { animatedGif, pixelBombPng } from './test-files';
import { filmstripTimes, fitShortSide } from './transcode';
import { mediaRef, streamUrl } from './urls';

/** The limits of a server with default settings. */
const LIMITS = imageLimits(readConfig({}).media);

/** Storage that keeps files in a map, to see exactly what was stored. */
function memoryStorage() {
  const files = new Map<string, { data: Buffer; type: string }>();
  const storage: MediaStorage = {
    async put(key, data, type) {
      if (!Buffer.isBuffer(data)) throw new Error('only buffers here');
      files.set(key, { data, type });
    },
    exists: async (key) => files.has(key),
    read: async (key) => Readable.from(files.get(key)!.data),
    size: async (key) => files.get(key)?.data.length ?? null,
    remove: async (key) => {
      files.delete(key);
    },
    url: (key) => `/media/${key}`,
  };
  return { storage, files };
}

const SHA = 'ab'.repeat(32);

describe('formats', () => {
  it('takes the spec formats by their detected type, and words the error per kind', () => {
    expect(formatOf('jpg')).toEqual({ kind: 'image', mime: 'image/jpeg', ext: 'jpg' });
    expect(formatOf('m4a')).toMatchObject({ kind: 'audio', mime: 'audio/mp4' });
    expect(formatOf('mov')).toMatchObject({ kind: 'video', mime: 'video/quicktime' });
    for (const refused of ['svg', 'pdf', 'exe', 'tif', 'heic', undefined]) expect(formatOf(refused)).toBeNull();
    expect(notValidMessage('image')).toBe('This is not valid image file.');
    expect(notValidMessage('audio')).toBe('This is not valid audio file.');
  });

  it('reads the limits from the environment, in megabytes', () => {
    const defaults = readConfig({}).media;
    expect(defaults).toMatchObject({ maxImageBytes: 20 * 1024 * 1024, maxAudioBytes: 50 * 1024 * 1024, maxVideoBytes: 500 * 1024 * 1024, maxInputPixels: 40_000_000, ffmpegPath: 'ffmpeg' });
    const set = readConfig({ MEDIA_MAX_IMAGE_MB: '0.5', MEDIA_MAX_VIDEO_MB: '900', FFMPEG_PATH: 'off' }).media;
    expect(maxBytesFor('image', set)).toBe(524288);
    expect(maxBytesFor('video', set)).toBe(900 * 1024 * 1024);
    expect(set.ffmpegPath).toBeNull();
    expect(() => readConfig({ MEDIA_MAX_AUDIO_MB: 'lots' })).toThrow(/MEDIA_MAX_AUDIO_MB must be a positive number/);
    expect(() => readConfig({ MEDIA_MAX_AUDIO_MB: '-1' })).toThrow(/positive/);
  });

  it('reads what image work may cost, with defaults', () => {
    expect(readConfig({}).media).toMatchObject({ maxFrames: 500, maxWorkPixels: 40_000_000, imageTimeoutSeconds: 20, imageJobs: 2 });
    const set = readConfig({ MEDIA_MAX_FRAMES: '100', MEDIA_MAX_WORK_MEGAPIXELS: '10', MEDIA_IMAGE_TIMEOUT_SECONDS: '5', MEDIA_IMAGE_JOBS: '1' }).media;
    expect(set).toMatchObject({ maxFrames: 100, maxWorkPixels: 10_000_000, imageTimeoutSeconds: 5, imageJobs: 1 });
    expect(() => readConfig({ MEDIA_IMAGE_JOBS: '1.5' })).toThrow(/MEDIA_IMAGE_JOBS must be a whole number of at least 1/);
    expect(() => readConfig({ MEDIA_MAX_FRAMES: '0' })).toThrow(/whole number of at least 1/);
  });
});

describe('media URLs', () => {
  it('finds the upload behind a relative or site URL, and nothing else', () => {
    const key = mediaKey(SHA, '1080', 'jpg');
    expect(key).toBe(`ab/ab/${SHA}-1080.jpg`);
    expect(mediaRef(`/media/${key}`, 'https://site.example')).toEqual({ path: `/media/${key}`, key, sha256: SHA, label: '1080' });
    expect(mediaRef(`https://site.example/media/${key}?x=1`, 'https://site.example')).toMatchObject({ key, sha256: SHA });
    expect(mediaRef(`https://other.example/media/${key}`, 'https://site.example')).toBeNull();
    expect(mediaRef('/media/../../etc/passwd', 'https://site.example')).toBeNull();
    expect(mediaRef('/media/ab/ab/short-1.jpg', 'https://site.example')).toBeNull();
    expect(keyOfUrl(`/media/${key}#t=1`)).toBe(key);
    expect(streamUrl(`/media/${key}`)).toBe(`/media/${key}?nodownload=1`);
  });
});

describe('image sizes', () => {
  it('plans a main size of at most 1080 and the alternative widths smaller than the original', () => {
    expect(plannedWidths(4000)).toEqual({ main: 1080, alts: [1280, 640, 500, 400, 250, 100] });
    expect(plannedWidths(1280)).toEqual({ main: 1080, alts: [640, 500, 400, 250, 100] });
    expect(plannedWidths(640)).toEqual({ main: 640, alts: [500, 400, 250, 100] });
    expect(plannedWidths(90)).toEqual({ main: 90, alts: [] });
  });

  it('stores each size under the content hash, and nothing when the image is refused', async () => {
    const { storage, files } = memoryStorage();
    const input = await sharp({ create: { width: 700, height: 350, channels: 4, background: '#11223344' } }).png().toBuffer();
    const result = await processImage(storage, input, SHA, LIMITS);
    expect([...files.keys()].sort()).toEqual(['100', '250', '400', '500', '640', '700', '75sq'].map((l) => mediaKey(SHA, l, 'png')).sort());
    expect(result).toMatchObject({ mime: 'image/png', main: { width: 700, height: 350 }, origWidth: 700, origHeight: 350, frames: 1 });
    // Transparency survives as PNG.
    expect((await sharp(files.get(mediaKey(SHA, '700', 'png'))!.data).metadata()).hasAlpha).toBe(true);

    const empty = memoryStorage();
    await expect(processImage(empty.storage, pixelBombPng(10000, 5000), SHA, LIMITS)).rejects.toMatchObject({ status: 400, code: 6103 });
    await expect(processImage(empty.storage, Buffer.from('nope'), SHA, LIMITS)).rejects.toMatchObject({ status: 400, code: 6102 });
    expect(empty.files.size).toBe(0);
  });

  it('counts every frame of an animated image against the pixel limit', async () => {
    const gif = await animatedGif(4); // 60×40, 4 frames: 9600 pixels in all
    await expect(processImage(memoryStorage().storage, gif, SHA, { ...LIMITS, maxInputPixels: 9000 })).rejects.toMatchObject({ code: 6103 });
    await expect(processImage(memoryStorage().storage, gif, SHA, { ...LIMITS, maxInputPixels: 10_000 })).resolves.toMatchObject({ frames: 4 });
  });
});

describe('image work is bounded', () => {
  it('waits for a place among the images processed at once', async () => {
    const limiter = imageLimiter(1);
    let free!: () => void;
    const holder = limiter.run(() => new Promise<void>((resolve) => (free = resolve)));
    const { storage, files } = memoryStorage();
    const result = processImage(storage, await animatedGif(2), SHA, { ...LIMITS, imageJobs: 1 });
    await expect.poll(() => limiter.waiting).toBe(1);
    expect(files.size).toBe(0);
    free();
    await holder;
    await expect(result).resolves.toMatchObject({ frames: 2 });
    expect(files.size).toBeGreaterThan(0);
  });

  it('refuses an image whose time is up, storing nothing', async () => {
    const { storage, files } = memoryStorage();
    const input = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#123' } }).png().toBuffer();
    // No time at all: refused before the first size, the way a slow one is refused part way.
    await expect(processImage(storage, input, SHA, { ...LIMITS, imageTimeoutSeconds: 0 })).rejects.toMatchObject({ status: 400, code: 6108, message: /took too long/ });
    expect(files.size).toBe(0);
  });
});

describe('video renditions', () => {
  it('scales the short side, never up, to even sizes', () => {
    expect(fitShortSide({ width: 1920, height: 1080 }, 720)).toEqual({ width: 1280, height: 720 });
    expect(fitShortSide({ width: 1080, height: 1920 }, 720)).toEqual({ width: 720, height: 1280 });
    expect(fitShortSide({ width: 320, height: 240 }, 720)).toEqual({ width: 320, height: 240 });
    expect(fitShortSide({ width: 321, height: 241 }, 720)).toEqual({ width: 322, height: 242 });
  });

  it('spreads the 10 filmstrip frames over the video', () => {
    expect(filmstripTimes(10)).toEqual([0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5]);
    expect(filmstripTimes(null)).toEqual(Array(10).fill(0));
  });
});
