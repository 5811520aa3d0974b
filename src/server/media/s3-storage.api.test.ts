// MEDIA_STORE=s3 against an S3-protocol server on loopback (s3rver): uploads land in the bucket and
// nowhere on the local disk, are served through the same access check, or from MEDIA_PUBLIC_URL
// when public; a store that is down answers 503 and keeps nothing.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { asOwner, createPost } from '../test/posts';
import { startS3Server, TEST_BUCKET, type TestS3Server } from '../test/s3-server';
import { createTestApp, expectError, expectOk, get, register, type Session, type TestApp } from '../test/test-app';
import { ffmpegMp4, ffmpegTools, filesUnder, png, upload } from './test-files';
import { runVideoJobsOnce } from './video-jobs';
import type { UploadedMedia } from './views';

const CDN = 'https://cdn.example.com/media';
const tools = await ffmpegTools;

let s3: TestS3Server;
let t: TestApp;
/** The same database and bucket, with MEDIA_PUBLIC_URL set. */
let withCdn: FastifyInstance;
let ann: Session;
let bob: Session;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({}, s3.env);
  const config = { ...t.ctx.config, mediaStore: { ...t.ctx.config.mediaStore, publicUrl: CDN } };
  withCdn = await buildApp({ config, database: { ...t.database, close: async () => {} }, logger: false, publisher: false, jobs: false, emails: false });
  [ann, bob] = [await register(t.app), await register(t.app)];
});
afterAll(async () => {
  await withCdn?.close();
  await t?.close();
  await s3?.close();
});

const keyOf = (url: string) => url.replace(/^\/media\//, '');
const bucketBytes = async (key: string) => Buffer.from(await (await s3.client.send(new GetObjectCommand({ Bucket: TEST_BUCKET, Key: key }))).Body!.transformToByteArray());
const uploadPng = async (s: Session, colour: string) =>
  expectOk<UploadedMedia[]>(await upload(t.app, asOwner(s), { data: await png(300, 200, colour), filename: 'p.png', contentType: 'image/png' }))[0]!;
const photoPost = (url: string, state = '0') => ({ 'post[type]': 'photo', 'images[o1]': url, 'post[state]': state });

describe('MEDIA_STORE=s3', () => {
  it("puts every size of an uploaded photo in the bucket, and nothing on the server's disk", async () => {
    const item = await uploadPng(ann, '#115599');
    const keys = await s3.keys();
    expect(item.sizes.length).toBeGreaterThan(3);
    for (const size of item.sizes) expect(keys).toContain(keyOf(size.url));
    expect(item.url).toMatch(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}-300\.png$/);
    expect(await filesUnder(path.join(t.dataDir, 'media'))).toEqual([]);
    // The upload's own file went up or away: no temporary file is left either.
    expect(await filesUnder(path.join(t.dataDir, 'tmp'))).toEqual([]);
    // The same file again writes nothing new.
    await uploadPng(bob, '#115599');
    expect(await s3.keys()).toEqual(keys);
  });

  it("serves a public post's photo from the bucket: the right bytes, ranges, HEAD and the ETag", async () => {
    const item = await uploadPng(ann, '#225588');
    await createPost(t.app, ann, photoPost(item.url));
    const stored = await bucketBytes(keyOf(item.url));
    const res = await get(t.app, item.url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(stored)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(stored.length),
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
      'accept-ranges': 'bytes',
      etag: `"${path.posix.basename(item.url)}"`,
    });

    const ranged = await t.app.inject({ method: 'GET', url: item.url, headers: { range: 'bytes=10-19' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 10-19/${stored.length}`);
    expect(ranged.rawPayload.equals(stored.subarray(10, 20))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url: item.url, headers: { range: 'bytes=-5' } });
    expect(tail.rawPayload.equals(stored.subarray(-5))).toBe(true);
    const past = await t.app.inject({ method: 'GET', url: item.url, headers: { range: `bytes=${stored.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${stored.length}`);

    const head = await t.app.inject({ method: 'HEAD', url: item.url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(stored.length));
    expect(head.rawPayload.length).toBe(0);
    const again = await t.app.inject({ method: 'GET', url: item.url, headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it("serves a draft's photo to its owner only, privately", async () => {
    const item = await uploadPng(ann, '#335577');
    await createPost(t.app, ann, photoPost(item.url, '1'));
    const owner = await get(t.app, item.url, asOwner(ann));
    expect(owner.statusCode).toBe(200);
    expect(owner.rawPayload.equals(await bucketBytes(keyOf(item.url)))).toBe(true);
    expect(owner.headers).toMatchObject({ 'cache-control': 'private, no-cache', vary: 'cookie' });
    expectError(await get(t.app, item.url, asOwner(bob)), 404, 'There is no such file, or it is not yours to see.');
    const visitor = await get(t.app, item.url);
    expectError(visitor, 404);
    // Not kept anywhere: the same address answers 200 once the post is published.
    expect(visitor.headers['cache-control']).toBe('no-store');
  });

  it('with MEDIA_PUBLIC_URL, sends public files to the CDN and still serves the others itself', async () => {
    const shown = await uploadPng(ann, '#445566');
    await createPost(t.app, ann, photoPost(shown.url));
    const redirected = await get(withCdn, shown.url);
    expect(redirected.statusCode).toBe(302);
    expect(redirected.headers.location).toBe(`${CDN}/${keyOf(shown.url)}`);

    const draft = await uploadPng(ann, '#556677');
    await createPost(t.app, ann, photoPost(draft.url, '1'));
    const owner = await get(withCdn, draft.url, asOwner(ann));
    expect(owner.statusCode).toBe(200);
    expect(owner.headers.location).toBeUndefined();
    expect(owner.rawPayload.equals(await bucketBytes(keyOf(draft.url)))).toBe(true);
    expectError(await get(withCdn, draft.url), 404);
  });

  it('answers 503 with Retry-After while the store is down, and keeps nothing of the upload', async () => {
    const before = await s3.keys();
    const published = await uploadPng(ann, '#667788');
    await createPost(t.app, ann, photoPost(published.url));
    const data = await png(320, 240, '#778899');
    const sha256 = createHash('sha256').update(data).digest('hex');
    await s3.stop();
    try {
      const res = await upload(t.app, asOwner(ann), { data, filename: 'p.png', contentType: 'image/png' });
      expectError(res, 503, /could not store the file/);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      // Reading is the store's trouble too: not a 404 that says the file is gone, and not kept for a year.
      const read = await get(t.app, published.url);
      expectError(read, 503);
      expect(read.headers).toMatchObject({ 'retry-after': expect.stringMatching(/^\d+$/), 'cache-control': 'no-store' });
    } finally {
      await s3.start();
    }
    expect(await t.db.selectFrom('media').select('id').where('sha256', '=', sha256).execute()).toEqual([]);
    expect((await s3.keys()).filter((key) => key.includes(sha256))).toEqual([]);
    // The published photo's sizes are all there (the bucket may also hold what earlier tests' uploads finished writing).
    expect(await s3.keys()).toEqual(expect.arrayContaining([...before, ...published.sizes.map((size) => keyOf(size.url))]));
    expect(await filesUnder(path.join(t.dataDir, 'tmp'))).toEqual([]);
  });

  it.skipIf(!tools)('converts a video from the bucket through a temporary copy, and stores what it makes there', async () => {
    const clip = await ffmpegMp4(160, 120, 1);
    const item = expectOk<UploadedMedia[]>(await upload(t.app, asOwner(ann), { data: clip, field: 'video', filename: 'clip.mp4' }))[0]!;
    expect(await runVideoJobsOnce(t.ctx, tools!, { info: () => {}, error: () => {} })).toEqual([item.job_id]);
    const media = await t.db.selectFrom('media').selectAll().where('id', '=', item.media_id).executeTakeFirstOrThrow();
    const keys = await s3.keys();
    for (const url of [media.meta.url!, media.meta.poster_url!, media.meta.mp4_url!, media.meta.filmstrip!.url]) expect(keys).toContain(keyOf(url));
    expect(await filesUnder(path.join(t.dataDir, 'media'))).toEqual([]);
    expect(await filesUnder(path.join(t.dataDir, 'tmp'))).toEqual([]);
  });

  it('does not start when the bucket is not there, and says which setting to look at', async () => {
    await expect(createTestApp({}, { ...s3.env, S3_BUCKET: 'no-such-bucket' })).rejects.toThrow(/bucket "no-such-bucket".*no such bucket: create it, or correct S3_BUCKET/);
  });
});
