import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaRow } from '../db/tables/media';
import { asOwner } from '../test/posts';
import { createTestApp, expectError, expectOk, get, register, userByEmail, type Session, type TestApp } from '../test/test-app';
import { FILE_TOO_BIG } from './formats';
import { animatedGif, exifHasGps, filesUnder, jpegWithExif, longCheapGif, pixelBombPng, png, upload, wav, webp } from './test-files';
import type { UploadedMedia } from './views';

let t: TestApp;
let ann: Session;
let mediaDir: string;

beforeAll(async () => {
  t = await createTestApp();
  ann = await register(t.app);
  mediaDir = path.join(t.dataDir, 'media');
});
afterAll(() => t.close());

const uploaded = (res: Awaited<ReturnType<typeof upload>>) => {
  const response = expectOk<UploadedMedia[]>(res);
  expect(Array.isArray(response)).toBe(true);
  return response[0]!;
};

/** The stored file behind a media URL, read back with sharp (by its uploader: no post shows it yet). */
const stored = async (url: string) => {
  const res = await get(t.app, url, asOwner(ann));
  expect(res.statusCode, url).toBe(200);
  return { res, meta: await sharp(res.rawPayload, { animated: true }).metadata() };
};

describe('POST /svc/media/upload: images', () => {
  it('stores a PNG with its main size, the smaller alternative widths and a 75×75 square', async () => {
    const item = uploaded(await upload(t.app, asOwner(ann), { data: await png(1500, 1000), filename: 'wide.png', contentType: 'image/png' }));
    expect(item).toMatchObject({ type: 'image', mime: 'image/png', width: 1080, height: 720 });
    expect(item.media_id).toMatch(/^\d+$/);
    expect(item.url).toMatch(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}-1080\.png$/);
    // 1280 and the rest are smaller than 1500; the main size is 1080.
    expect(item.sizes.map((s) => s.width)).toEqual([1280, 1080, 640, 500, 400, 250, 100, 75]);
    expect(item.sizes.find((s) => s.width === 75)).toMatchObject({ height: 75 });
    expect(item.sizes.find((s) => s.width === 640)).toMatchObject({ height: 427 });
    for (const size of item.sizes) {
      const { res, meta } = await stored(size.url);
      expect(res.headers['content-type']).toBe('image/png');
      expect([meta.width, meta.height]).toEqual([size.width, size.height]);
    }
    const owner = await userByEmail(t.db, ann.body.response.user.email);
    const row = (await t.db.selectFrom('media').selectAll().where('id', '=', item.media_id).executeTakeFirstOrThrow()) as MediaRow;
    expect(row).toMatchObject({ user_id: owner.id, kind: 'image', width: 1080, height: 720, mime: 'image/png', bytes: expect.any(String) });
    expect(row!.meta).toMatchObject({ url: item.url, orig_width: 1500, orig_height: 1000 });
  });

  it('makes only the widths smaller than a small original, and keeps it at its own size', async () => {
    const item = uploaded(await upload(t.app, asOwner(ann), { data: await png(450, 300, '#00aa00') }));
    expect(item).toMatchObject({ width: 450, height: 300 });
    expect(item.sizes.map((s) => s.width)).toEqual([450, 400, 250, 100, 75]);
  });

  it('turns a JPEG as its EXIF orientation says and strips EXIF and GPS', async () => {
    const jpeg = await jpegWithExif();
    const before = await sharp(jpeg).metadata();
    // The test file really has what must go.
    expect(before.orientation).toBe(6);
    expect(exifHasGps(before.exif)).toBe(true);
    const item = uploaded(await upload(t.app, asOwner(ann), { data: jpeg, filename: 'phone.jpg', contentType: 'image/jpeg' }));
    // 300×200 turned a quarter is 200×300.
    expect(item).toMatchObject({ mime: 'image/jpeg', width: 200, height: 300 });
    const { res, meta } = await stored(item.url);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect([meta.width, meta.height]).toEqual([200, 300]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(res.rawPayload.includes(Buffer.from('TestCam'))).toBe(false);
    // The square and the alternatives are stripped too.
    for (const size of item.sizes) expect((await stored(size.url)).meta.exif).toBeUndefined();
  });

  it('keeps an animated GIF animated, in every size', async () => {
    const item = uploaded(await upload(t.app, asOwner(ann), { data: await animatedGif(3), filename: 'loop.gif' }));
    expect(item).toMatchObject({ mime: 'image/gif', width: 60, height: 40 });
    // Largest first: the square is larger than this small original.
    expect(item.sizes.map((s) => [s.width, s.height])).toEqual([[75, 75], [60, 40]]);
    for (const size of item.sizes) {
      const { res, meta } = await stored(size.url);
      expect(res.headers['content-type']).toBe('image/gif');
      expect(meta.pages).toBe(3);
    }
  });

  it('stores a WebP as WebP', async () => {
    const item = uploaded(await upload(t.app, asOwner(ann), { data: await webp(800, 600), filename: 'x.webp' }));
    expect(item).toMatchObject({ mime: 'image/webp', width: 800, height: 600 });
    expect(item.sizes.map((s) => s.width)).toEqual([800, 640, 500, 400, 250, 100, 75]);
    expect((await stored(item.url)).res.headers['content-type']).toBe('image/webp');
  });

  it('answers the same row for the same file sent twice, in any field', async () => {
    const data = await png(320, 200, '#123456');
    const first = uploaded(await upload(t.app, asOwner(ann), { data }));
    const second = uploaded(await upload(t.app, asOwner(ann), { data, field: 'file', filename: 'again.png' }));
    expect(second).toEqual(first);
    const rows = await t.db.selectFrom('media').select('id').where('id', '=', first.media_id).execute();
    expect(rows).toHaveLength(1);
    // Another person uploading the same bytes gets a row of their own.
    const bob = await register(t.app);
    const theirs = uploaded(await upload(t.app, asOwner(bob), { data }));
    expect(theirs.media_id).not.toBe(first.media_id);
    expect(theirs.url).toBe(first.url);
  });
});

describe('POST /svc/media/upload: refused files leave nothing behind', () => {
  const snapshot = async () => ({
    rows: Number((await t.db.selectFrom('media').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n),
    files: await filesUnder(mediaDir),
  });
  const nothingStored = async (before: { rows: number; files: string[] }) => {
    expect(await snapshot()).toEqual(before);
    expect(await filesUnder(path.join(t.dataDir, 'tmp'))).toEqual([]);
  };

  it('judges by the bytes, not the name: text called .png is not an image (415)', async () => {
    const before = await snapshot();
    const res = await upload(t.app, asOwner(ann), { data: Buffer.from('hello, I am not a picture at all\n'.repeat(200)), filename: 'cat.png', contentType: 'image/png' });
    const body = expectError(res, 415, 'This is not valid image file.');
    expect(body.errors![0]).toMatchObject({ code: 6102, field: 'photo' });
    await nothingStored(before);
  });

  it('refuses a file that is not the kind the type field says', async () => {
    const before = await snapshot();
    expectError(await upload(t.app, asOwner(ann), { data: await png(100, 100) }, { type: 'audio' }), 415, 'This is not valid audio file.');
    // The hint may come after the file, too.
    expectError(await upload(t.app, asOwner(ann), { data: await png(101, 100) }, { type: 'video' }, true), 415, 'This is not valid video file.');
    expectError(await upload(t.app, asOwner(ann), { data: await png(100, 100) }, { type: 'movie' }), 400, 'The type field must be image, audio or video.');
    await nothingStored(before);
  });

  it('refuses a decompression bomb from its header, without decoding it (400)', async () => {
    const before = await snapshot();
    const bomb = pixelBombPng(30000, 30000);
    expect(bomb.length).toBeLessThan(2000);
    const started = performance.now();
    const res = await upload(t.app, asOwner(ann), { data: bomb, filename: 'bomb.png' });
    expectError(res, 400, /too large to process \(30000×30000\); images can have at most 40 megapixels/);
    // Decoding 900 megapixels would take many seconds and gigabytes; the header read takes milliseconds.
    expect(performance.now() - started).toBeLessThan(2000);
    await nothingStored(before);
  });

  it('refuses an animation that costs too much to process before any work: frames, and pixels of all its sizes (400)', async () => {
    const before = await snapshot();
    // 400 frames of 300×300: under the 40 megapixels decoded, but 67 million pixels written across its sizes.
    const long = await longCheapGif(400, 300, 300);
    const res = await upload(t.app, asOwner(ann), { data: long, filename: 'long.gif' });
    const body = expectError(res, 400, 'This animation is too much to process (400 frames of 300×300). Use fewer frames or a smaller size, and try again.');
    expect(body.errors![0]).toMatchObject({ code: 6108, field: 'photo' });
    // Many small frames are refused by their count.
    const many = await longCheapGif(501, 8, 8);
    expectError(await upload(t.app, asOwner(ann), { data: many, filename: 'many.gif' }), 400, 'This animation has 501 frames; images can have at most 500. Use fewer frames, and try again.');
    await nothingStored(before);
    // Within the bounds, an animation is made in every size.
    const item = uploaded(await upload(t.app, asOwner(ann), { data: await longCheapGif(40, 300, 300), filename: 'short.gif' }));
    expect(item.sizes.map((size) => size.width)).toEqual([300, 250, 100, 75]);
  });

  it('refuses a truncated image whose header reads fine', async () => {
    const before = await snapshot();
    const whole = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg().toBuffer();
    expectError(await upload(t.app, asOwner(ann), { data: whole.subarray(0, whole.length / 3) }), 400, 'This is not valid image file.');
    await nothingStored(before);
  });

  it('asks for a file when there is none, and for the right field name', async () => {
    expectError(await upload(t.app, asOwner(ann), { data: Buffer.alloc(0) }), 400, /Choose a file to upload/);
    expectError(await upload(t.app, asOwner(ann), { data: await png(10, 10), field: 'picture' }), 400, 'Send the file in a form field named photo, file, audio or video.');
  });

  it('needs the form key in the X-Form-Key header (403) and a session (401), nothing stored', async () => {
    const before = await snapshot();
    const data = await png(64, 64, '#abcdef');
    expectError(await upload(t.app, { cookie: ann.cookie }, { data }), 403);
    // In the body it is not seen: the hook runs before a multipart body is read.
    expectError(await upload(t.app, { cookie: ann.cookie }, { data }, { form_key: ann.formKey }), 403);
    expectError(await upload(t.app, { formKey: ann.formKey }, { data }), 401, 'You need to log in to do that.');
    await nothingStored(before);
  });

  it('answers 415 for a body that is not multipart', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/svc/media/upload', payload: { photo: 'x' }, headers: { cookie: ann.cookie, 'x-form-key': ann.formKey } });
    expectError(res, 415, 'Send the file as multipart/form-data.');
  });
});

describe('POST /svc/media/upload: size limits per kind', () => {
  let small: TestApp;
  beforeAll(async () => {
    // 0.01 MB = 10485 bytes for images, 0.05 MB = 52428 bytes for audio.
    small = await createTestApp({}, { MEDIA_MAX_IMAGE_MB: '0.01', MEDIA_MAX_AUDIO_MB: '0.05' });
  });
  afterAll(() => small.close());

  it('stops reading a file over the limit of its kind: 413 with the spec message, nothing stored', async () => {
    const s = await register(small.app);
    const big = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();
    expect(big.length).toBeGreaterThan(10485);
    const res = await upload(small.app, asOwner(s), { data: big });
    const body = expectError(res, 413, FILE_TOO_BIG);
    expect(body.errors![0]).toMatchObject({ code: 6101, field: 'photo' });
    expect(res.headers.connection).toBe('close');
    expect(await small.db.selectFrom('media').selectAll().execute()).toEqual([]);
    expect(await filesUnder(path.join(small.dataDir, 'media'))).toEqual([]);
    expect(await filesUnder(path.join(small.dataDir, 'tmp'))).toEqual([]);
    // Under the limit is fine.
    uploaded(await upload(small.app, asOwner(s), { data: await png(50, 50) }));
  });

  it('applies the limit of the kind the bytes are, whatever the field or hint', async () => {
    const s = await register(small.app);
    // 16 KB of audio is over the image limit but under the audio one.
    expect(uploaded(await upload(small.app, asOwner(s), { data: wav(1, 8000) }))).toMatchObject({ type: 'audio', bytes: 16044 });
    expectError(await upload(small.app, asOwner(s), { data: wav(4, 8000), field: 'audio' }), 413, FILE_TOO_BIG);
    expectError(await upload(small.app, asOwner(s), { data: wav(4, 8000) }, { type: 'audio' }), 413, FILE_TOO_BIG);
  });
});

describe('GET /media/*', () => {
  // Who else may fetch a file, and for how long caches keep it: private-media.api.test.ts.
  it('serves a stored file to its uploader with its type, privately until a public post shows it, and 404s for others', async () => {
    const item = uploaded(await upload(t.app, asOwner(ann), { data: await png(200, 150, '#ff00ff') }));
    const res = await get(t.app, item.url, asOwner(ann));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const missing = await get(t.app, item.url.replace(/-\d+\.png$/, '-9999.png'), asOwner(ann));
    expectError(missing, 404);
    expectError(await get(t.app, '/media/../config.json'), 404);
  });
});
