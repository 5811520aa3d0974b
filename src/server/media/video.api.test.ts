import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_MESSAGES } from '../../shared/posts/messages';
import type { PostView, SaveResponse } from '../../shared/posts/types';
import { asOwner, createPost, savePost } from '../test/posts';
import { createTestApp, expectError, expectOk, get, post, register, type Session, type TestApp } from '../test/test-app';
import { NO_FFMPEG, VIDEO_FAILED } from './formats';
import { ffmpegMp4, ffmpegTools, filesUnder, upload } from './test-files';
import { runVideoJobsOnce, startVideoJobs } from './video-jobs';
import type { UploadedMedia } from './views';

const tools = await ffmpegTools;
const silent = { info: () => {}, error: () => {} };

type VideoContent = Extract<PostView['content'], { type: 'video' }>;

describe.skipIf(!tools)('video uploads with ffmpeg', () => {
  let t: TestApp;
  let ann: Session;
  let bob: Session;
  let clip: Buffer;
  beforeAll(async () => {
    t = await createTestApp();
    ann = await register(t.app);
    bob = await register(t.app);
    clip = await ffmpegMp4(320, 240, 1);
  });
  afterAll(() => t.close());

  const uploadVideo = async (s: Session, data: Buffer) => expectOk<UploadedMedia[]>(await upload(t.app, asOwner(s), { data, field: 'video', filename: 'clip.mp4' }))[0]!;
  const postState = (id: string) => t.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('stores the upload, queues a job and answers "processing"', async () => {
    const item = await uploadVideo(ann, clip);
    expect(item).toMatchObject({ type: 'video', mime: 'video/mp4', width: 320, height: 240, bytes: clip.length, state: 'processing', poster_url: null, mp4_url: null });
    expect(item.job_id).toMatch(/^\d+$/);
    expect(item.duration).toBeCloseTo(1, 0);
    const job = await t.db.selectFrom('video_jobs').selectAll().where('id', '=', item.job_id!).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ media_id: item.media_id, state: 'queued', attempts: 0 });
    // The same file again is the same upload and the same job.
    const again = await uploadVideo(ann, clip);
    expect(again).toMatchObject({ media_id: item.media_id, job_id: item.job_id });
  });

  it('keeps a post of an unconverted video in "transcoding", then publishes it when its job is done', async () => {
    // Bob subscribes to Ann's blog: he hears of the post when it goes out, not while it waits.
    const annBlog = ann.body.response.user.primary;
    expectOk(await post(t.app, '/svc/follow', { tumblelog: annBlog }, asOwner(bob)));
    expectOk(await post(t.app, `/svc/blog/${annBlog}/subscription`, {}, asOwner(bob)));
    const bobHeard = async () =>
      (await t.db.selectFrom('notifications as n').innerJoin('blogs as b', 'b.id', 'n.blog_id').select('n.new_post_id')
        .where('b.name', '=', bob.body.response.user.primary).where('n.type', '=', 'new_post').execute()).map((r) => r.new_post_id);
    const item = await uploadVideo(ann, clip);
    expectError(await savePost(t.app, ann, { 'post[type]': 'video', preuploaded_url: item.url }), 400, POST_MESSAGES.needPermission);
    const res = expectOk<SaveResponse>(await savePost(t.app, ann, { 'post[type]': 'video', preuploaded_url: item.url, confirm_tos: '1', 'post[two]': 'my clip' }));
    const saved = res.created_post;
    expect(saved.state).toBe('4');
    expect(saved.state_name).toBe('transcoding');
    expect(res.message).toMatch(/being converted/);
    expect(await bobHeard()).toEqual([]);
    let row = await postState(saved.id);
    expect(row).toMatchObject({ state: 'transcoding', publish_id: null });
    expect(row.options).toMatchObject({ video_media_id: item.media_id, requested_state: 'published' });
    // Another post asks for the draft state with the same video.
    const draft = await createPost(t.app, ann, { 'post[type]': 'video', preuploaded_url: item.url, confirm_tos: '1', 'post[state]': '1' });
    expect(draft.state_name).toBe('transcoding');

    expect(await runVideoJobsOnce(t.ctx, tools!, silent)).toEqual([item.job_id]);

    const job = await t.db.selectFrom('video_jobs').selectAll().where('id', '=', item.job_id!).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'done', attempts: 1, error: null, post_id: draft.id });
    const media = await t.db.selectFrom('media').selectAll().where('id', '=', item.media_id).executeTakeFirstOrThrow();
    expect(media.meta).toMatchObject({ poster_url: expect.stringMatching(/-poster\.jpg$/), mp4_url: expect.stringMatching(/-sd\.mp4$/), hd_url: null });
    // The poster is a frame of the video's size; the filmstrip is 10 frames side by side.
    const poster = await get(t.app, media.meta.poster_url!);
    expect(await sharp(poster.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
    const strip = await get(t.app, media.meta.filmstrip!.url);
    const stripMeta = await sharp(strip.rawPayload).metadata();
    expect(media.meta.filmstrip).toMatchObject({ width: 1600, height: 120 });
    expect([stripMeta.width, stripMeta.height]).toEqual([1600, 120]);
    // The MP4 is H.264 with its index first (faststart): "moov" before "mdat".
    const mp4 = await get(t.app, media.meta.mp4_url!);
    expect(mp4.headers['content-type']).toBe('video/mp4');
    expect(mp4.rawPayload.indexOf('moov')).toBeLessThan(mp4.rawPayload.indexOf('mdat'));
    expect(mp4.rawPayload.includes(Buffer.from('avc1'))).toBe(true);
    const ranged = await t.app.inject({ method: 'GET', url: media.meta.mp4_url!, headers: { range: 'bytes=0-9' } });
    expect(ranged.statusCode).toBe(206);

    row = await postState(saved.id);
    expect(row).toMatchObject({ state: 'published', publish_id: expect.stringMatching(/^\d+$/) });
    expect(row.options).not.toHaveProperty('video_media_id');
    expect(row.content).toMatchObject({ url: media.meta.mp4_url, poster_url: media.meta.poster_url, media_id: item.media_id, width: 320, height: 240 });
    expect(await postState(draft.id)).toMatchObject({ state: 'draft', publish_id: null });
    expect(await bobHeard()).toEqual([saved.id]);

    // Converted already: a new post goes out at once, and the upload answers "ready".
    const now = await createPost(t.app, ann, { 'post[type]': 'video', preuploaded_url: item.url, confirm_tos: '1' });
    expect(now.state_name).toBe('published');
    expect((now.content as VideoContent).url).toBe(media.meta.mp4_url);
    expect(await uploadVideo(ann, clip)).toMatchObject({ state: 'ready', mp4_url: media.meta.mp4_url });
  });

  it('makes an HD rendition of a video above 720p, and scales the main one to 720p', async () => {
    const item = await uploadVideo(ann, await ffmpegMp4(1280, 800, 1));
    await runVideoJobsOnce(t.ctx, tools!, silent);
    const media = await t.db.selectFrom('media').selectAll().where('id', '=', item.media_id).executeTakeFirstOrThrow();
    expect(media).toMatchObject({ width: 1152, height: 720 });
    expect(media.meta.hd_url).toMatch(/-hd\.mp4$/);
    const probe = async (url: string) => {
      const file = path.join(t.dataDir, 'media', url.slice('/media/'.length));
      const { probe: run } = await import('./ffmpeg');
      return run(tools!, file);
    };
    expect(await probe(media.meta.mp4_url!)).toMatchObject({ width: 1152, height: 720, hasAudio: true });
    expect(await probe(media.meta.hd_url!)).toMatchObject({ width: 1280, height: 800 });
  });

  it('fails a job whose file cannot be converted, and sends its post back to the drafts with the reason', async () => {
    const item = await uploadVideo(ann, await ffmpegMp4(160, 120, 1));
    const saved = await createPost(t.app, ann, { 'post[type]': 'video', preuploaded_url: item.url, confirm_tos: '1' });
    // The stored file goes bad before the job runs.
    await fs.writeFile(path.join(t.dataDir, 'media', item.url.slice('/media/'.length)), 'not a video any more');
    await runVideoJobsOnce(t.ctx, tools!, silent);
    const job = await t.db.selectFrom('video_jobs').selectAll().where('id', '=', item.job_id!).executeTakeFirstOrThrow();
    expect(job.state).toBe('failed');
    expect(job.attempts).toBe(2);
    expect(job.error).toBeTruthy();
    const row = await postState(saved.id);
    expect(row).toMatchObject({ state: 'draft', publish_id: null });
    expect(row.options).toMatchObject({ error: VIDEO_FAILED });
    // The form that asks after the video hears that it failed, and why.
    expect(expectOk(await post(t.app, '/svc/post/get_video_data', { url: item.url }, asOwner(ann)))).toMatchObject({ state: 'failed', error: VIDEO_FAILED });
    expectError(await savePost(t.app, ann, { 'post[type]': 'video', preuploaded_url: item.url, confirm_tos: '1' }), 400, VIDEO_FAILED);
    // No work files are left behind.
    expect(await filesUnder(path.join(t.dataDir, 'tmp'))).toEqual([]);
  });

  it("takes over a job left running by a process that stopped, and does not let others use someone's video", async () => {
    const item = await uploadVideo(ann, await ffmpegMp4(160, 120, 2));
    await t.db.updateTable('video_jobs').set({ state: 'running', attempts: 1, updated_at: new Date(Date.now() - 60 * 60_000) }).where('id', '=', item.job_id!).execute();
    expectError(await savePost(t.app, bob, { 'post[type]': 'video', preuploaded_url: item.url, confirm_tos: '1' }), 404, 'Direct embed missing.');
    expect(await runVideoJobsOnce(t.ctx, tools!, silent)).toEqual([item.job_id]);
    expect(await t.db.selectFrom('video_jobs').select(['state', 'attempts']).where('id', '=', item.job_id!).executeTakeFirstOrThrow()).toEqual({ state: 'done', attempts: 2 });
  });

  it('puts the job in progress back in the queue, attempt not counted, when the runner stops', async () => {
    const item = await uploadVideo(ann, await ffmpegMp4(640, 360, 20));
    const stop = startVideoJobs(t.ctx, Promise.resolve(tools), silent, 60_000);
    const job = () => t.db.selectFrom('video_jobs').select(['state', 'attempts']).where('id', '=', item.job_id!).executeTakeFirstOrThrow();
    for (let i = 0; i < 300 && (await job()).state !== 'running'; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await job()).state).toBe('running');
    await stop();
    expect(await job()).toEqual({ state: 'queued', attempts: 0 });
    expect(await filesUnder(path.join(t.dataDir, 'tmp'))).toEqual([]);
    // Take it out of the way of the tests below.
    await t.db.deleteFrom('video_jobs').where('id', '=', item.job_id!).execute();
  });

  it('POST /svc/post/get_video_data says where an uploaded video\'s conversion is, so the post form can ask until it ends', async () => {
    const item = await uploadVideo(ann, await ffmpegMp4(200, 150, 1));
    const ask = async () => expectOk<{ state?: string; thumbnail: string | null }>(await post(t.app, '/svc/post/get_video_data', { url: item.url }, asOwner(ann)));
    expect(await ask()).toMatchObject({ state: 'processing', thumbnail: null });
    await runVideoJobsOnce(t.ctx, tools!, silent);
    const ready = await ask();
    expect(ready).toMatchObject({ state: 'ready', thumbnail: expect.stringMatching(/^\/media\//) });
    expect('error' in ready).toBe(false);
  });

  it('POST /svc/post/get_video_data answers the player data of a post or a URL', async () => {
    const item = await uploadVideo(ann, clip);
    const saved = await createPost(t.app, ann, { 'post[type]': 'video', preuploaded_url: item.url, confirm_tos: '1' });
    const media = await t.db.selectFrom('media').selectAll().where('id', '=', item.media_id).executeTakeFirstOrThrow();
    const data = { embed_url: media.meta.mp4_url, embed_width: 320, embed_height: 240, thumbnail: media.meta.poster_url, duration: expect.any(Number) };
    expect(expectOk(await post(t.app, '/svc/post/get_video_data', { post_id: saved.id }, asOwner(bob)))).toMatchObject(data);
    expect(expectOk(await post(t.app, '/svc/post/get_video_data', { url: item.url }, asOwner(ann)))).toMatchObject(data);
    expectError(await post(t.app, '/svc/post/get_video_data', { url: item.url }, asOwner(bob)), 404);
    const youtube = await createPost(t.app, ann, { 'post[type]': 'video', 'post[one]': 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    expect(expectOk(await post(t.app, '/svc/post/get_video_data', { post_id: youtube.id }, asOwner(bob)))).toEqual({
      embed_url: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      embed_width: 540,
      embed_height: 304,
      thumbnail: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    });
    expect(expectOk(await post(t.app, '/svc/post/get_video_data', { url: 'https://vimeo.com/76979871' }, asOwner(ann)))).toMatchObject({
      embed_url: 'https://player.vimeo.com/video/76979871',
      thumbnail: null,
    });
    expectError(await post(t.app, '/svc/post/get_video_data', {}, asOwner(ann)), 400, 'Say which video: send post_id or url.');
    expectError(await post(t.app, '/svc/post/get_video_data', { url: 'https://example.com/x' }, asOwner(ann)), 400);
    expectError(await post(t.app, '/svc/post/get_video_data', { post_id: '123' }, asOwner(ann)), 404);
    expectError(await post(t.app, '/svc/post/get_video_data', { post_id: saved.id }, { cookie: ann.cookie }), 403);
  });
});
describe.skipIf(!tools)('the job runner in the server', () => {
  let t: TestApp;
  let ann: Session;
  beforeAll(async () => {
    t = await createTestApp({ jobs: true });
    ann = await register(t.app);
  });
  afterAll(() => t.close());

  const waitFor = async <T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 60_000): Promise<T> => {
    const until = Date.now() + ms;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > until) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('converts an upload by itself, and a post waiting for it goes out', async () => {
    const item = expectOk<UploadedMedia[]>(await upload(t.app, asOwner(ann), { data: await ffmpegMp4(160, 120, 1), field: 'video' }))[0]!;
    const saved = await createPost(t.app, ann, { 'post[type]': 'video', preuploaded_url: item.url, confirm_tos: '1' });
    const row = await waitFor(
      () => t.db.selectFrom('posts').select(['state', 'publish_id']).where('id', '=', saved.id).executeTakeFirstOrThrow(),
      (r) => r.state === 'published',
    );
    expect(row.state).toBe('published');
    expect(row.publish_id).not.toBeNull();
  });
});
if (!tools) describe('video uploads with ffmpeg', () => it('(skipped: ffmpeg is not installed on this machine)', () => {}));

describe('video uploads without ffmpeg', () => {
  let t: TestApp;
  let ann: Session;
  beforeAll(async () => {
    t = await createTestApp({}, { FFMPEG_PATH: 'off' });
    ann = await register(t.app);
  });
  afterAll(() => t.close());

  it('refuses a video with a message that says what to do instead, and stores nothing', async () => {
    // The first bytes of an MP4 are enough to know; no ffmpeg is needed to make them.
    const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2avc1mp41')]);
    const res = await upload(t.app, asOwner(ann), { data: Buffer.concat([ftyp, Buffer.alloc(8000)]), field: 'video' });
    const body = expectError(res, 400, NO_FFMPEG);
    expect(body.errors![0]).toMatchObject({ code: 6104, field: 'video' });
    expect(await t.db.selectFrom('media').selectAll().execute()).toEqual([]);
    expect(await filesUnder(path.join(t.dataDir, 'media'))).toEqual([]);
  });

  it('still takes video links and embed codes', async () => {
    const saved = await createPost(t.app, ann, { 'post[type]': 'video', 'post[one]': 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    expect(saved.state_name).toBe('published');
    expect((saved.content as VideoContent).embed_html).toContain('https://www.youtube.com/embed/dQw4w9WgXcQ');
  });
});
