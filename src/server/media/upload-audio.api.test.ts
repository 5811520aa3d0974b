import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_MESSAGES } from '../../shared/posts/messages';
import type { PostView } from '../../shared/posts/types';
import { asOwner, createPost, savePost } from '../test/posts';
import { createTestApp, expectError, expectOk, get, register, type Session, type TestApp } from '../test/test-app';
import { ffmpegMp3, ffmpegTools, mp3WithTags, upload, wav } from './test-files';
import type { UploadedMedia } from './views';

let t: TestApp;
let ann: Session;
let bob: Session;
const hasFfmpeg = (await ffmpegTools) !== null;

beforeAll(async () => {
  t = await createTestApp();
  ann = await register(t.app);
  bob = await register(t.app);
});
afterAll(() => t.close());

const uploaded = async (s: Session, data: Buffer, fields: Record<string, string> = {}, field = 'audio') => {
  const response = expectOk<UploadedMedia[]>(await upload(t.app, asOwner(s), { data, field, filename: 'track.bin' }, fields));
  return response[0]!;
};

const cover = () => sharp({ create: { width: 600, height: 600, channels: 3, background: '#884400' } }).jpeg().toBuffer();

describe('POST /svc/media/upload: audio', () => {
  it('reads title, artist, album, duration and the album art of an MP3 written by hand', async () => {
    const mp3 = mp3WithTags({ title: 'Handmade Song', artist: 'The Bytes', album: 'Frames' }, await cover(), 40);
    const item = await uploaded(ann, mp3);
    expect(item).toMatchObject({
      type: 'audio',
      mime: 'audio/mpeg',
      bytes: mp3.length,
      track_title: 'Handmade Song',
      track_artist: 'The Bytes',
      track_album: 'Frames',
      width: null,
      height: null,
      sizes: [],
    });
    // 40 frames of 1152 samples at 44.1 kHz.
    expect(item.duration).toBeCloseTo((40 * 1152) / 44100, 1);
    expect(item.url).toMatch(/^\/media\/[0-9a-f/]+-orig\.mp3$/);
    // The art went through the image path: a stored JPEG with its sizes.
    expect(item.album_art_url).toMatch(/^\/media\/[0-9a-f/]+-600\.jpg$/);
    const art = await get(t.app, item.album_art_url!, asOwner(ann));
    expect(art.statusCode).toBe(200);
    expect(await sharp(art.rawPayload).metadata()).toMatchObject({ width: 600, height: 600, format: 'jpeg' });
    // The file is served as uploaded, byte for byte.
    const file = await get(t.app, item.url, asOwner(ann));
    expect(file.headers['content-type']).toBe('audio/mpeg');
    expect(Buffer.compare(file.rawPayload, mp3)).toBe(0);
  });

  it.skipIf(!hasFfmpeg)('reads the ID3 tags of an MP3 made by ffmpeg', async () => {
    const item = await uploaded(ann, await ffmpegMp3({ title: 'Sine', artist: 'Lavfi', album: 'Tests' }), {}, 'photo');
    expect(item).toMatchObject({ type: 'audio', mime: 'audio/mpeg', track_title: 'Sine', track_artist: 'Lavfi', track_album: 'Tests', album_art_url: null });
    expect(item.duration).toBeGreaterThan(0.9);
    expect(item.duration).toBeLessThan(1.2);
  });
  if (!hasFfmpeg) it('(ffmpeg-made MP3 case skipped: ffmpeg is not installed on this machine)', () => {});

  it('takes a WAV written by hand, with no tags', async () => {
    const item = await uploaded(ann, wav(2), { type: 'audio' }, 'file');
    expect(item).toMatchObject({ type: 'audio', mime: 'audio/wav', track_title: '', track_artist: '', track_album: '', album_art_url: null, duration: 2 });
    expect((await get(t.app, item.url, asOwner(ann))).headers['content-type']).toMatch(/^audio\/(wav|x-wav|wave)$/);
  });

  it('serves audio in ranges, so players can seek', async () => {
    const item = await uploaded(ann, wav(1, 11025));
    const res = await t.app.inject({ method: 'GET', url: item.url, headers: { range: 'bytes=100-199', cookie: ann.cookie } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100-199/${44 + 11025 * 2}`);
    expect(res.rawPayload.length).toBe(100);
    expect(res.headers['accept-ranges']).toBe('bytes');
  });

  it('refuses a file that starts like audio but is not (400)', async () => {
    const broken = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVE'), Buffer.from('garbage'.repeat(10))]);
    const res = await upload(t.app, asOwner(ann), { data: broken, field: 'audio' });
    expect([400, 415]).toContain(res.statusCode);
    expectError(res, res.statusCode, 'This is not valid audio file.');
  });
});

describe('POST /svc/post/update: audio posts of uploaded files', () => {
  let song: UploadedMedia;
  beforeAll(async () => {
    song = await uploaded(ann, mp3WithTags({ title: 'File Title', artist: 'File Artist', album: 'File Album' }, await cover(), 10));
  });

  it('needs the permission box ticked for an uploaded file', async () => {
    const before = await t.db.selectFrom('posts').select('id').execute();
    for (const confirm of [undefined, '', '0', 'false']) {
      const fields = { 'post[type]': 'audio', preuploaded_url: song.url, ...(confirm === undefined ? {} : { confirm_tos: confirm }) };
      const body = expectError(await savePost(t.app, ann, fields), 400, POST_MESSAGES.needPermission);
      expect(body.errors![0]).toMatchObject({ field: 'confirm_tos' });
    }
    expect(await t.db.selectFrom('posts').select('id').execute()).toEqual(before);
  });

  it('asks for an audio source when there is none', async () => {
    expectError(await savePost(t.app, ann, { 'post[type]': 'audio', confirm_tos: '1' }), 400, POST_MESSAGES.noAudio);
  });

  it('posts the file with its tags, its art, and the no-download parameter on the stream URL', async () => {
    const post = await createPost(t.app, ann, { 'post[type]': 'audio', preuploaded_url: song.url, confirm_tos: 'on', 'post[two]': '<p>Listen</p>' });
    expect(post.content).toMatchObject({
      type: 'audio',
      url: `${song.url}?nodownload=1`,
      track_title: 'File Title',
      track_artist: 'File Artist',
      track_album: 'File Album',
      album_art: song.album_art_url,
      embed_html: null,
      media_id: song.media_id,
    });
    expect(post.state_name).toBe('published');
    // The stream URL plays: the parameter does not get in the way of the file.
    expect((await get(t.app, (post.content as { url: string }).url)).statusCode).toBe(200);
  });

  it('lets tags typed by the person win over the file, and the art be chosen or removed', async () => {
    const typed = await createPost(t.app, ann, {
      'post[type]': 'audio',
      preuploaded_url: `http://localhost:3000${song.url}`,
      confirm_tos: true,
      'id3_tags[title]': 'My Title',
      'id3_tags[artist]': '',
      'id3_tags[album]': 'My Album',
      album_art: 'https://example.com/art.jpg',
    });
    expect(typed.content).toMatchObject({ track_title: 'My Title', track_artist: 'File Artist', track_album: 'My Album', album_art: 'https://example.com/art.jpg' });
    const bare = await createPost(t.app, ann, { 'post[type]': 'audio', preuploaded_url: song.url, confirm_tos: '1', remove_album_art: '1' });
    expect((bare.content as Extract<PostView['content'], { type: 'audio' }>).album_art).toBeNull();
  });

  it("does not let another person post someone's upload (404), nor a URL that is not an upload (400)", async () => {
    const body = expectError(await savePost(t.app, bob, { 'post[type]': 'audio', preuploaded_url: song.url, confirm_tos: '1' }), 404);
    expect(body.errors![0]).toMatchObject({ field: 'preuploaded_url' });
    expectError(await savePost(t.app, ann, { 'post[type]': 'audio', preuploaded_url: 'https://example.com/x.mp3', confirm_tos: '1' }), 400);
    // An image upload is not an audio file.
    const image = expectOk<UploadedMedia[]>(await upload(t.app, asOwner(ann), { data: await cover() }))[0]!;
    expectError(await savePost(t.app, ann, { 'post[type]': 'audio', preuploaded_url: image.url, confirm_tos: '1' }), 404);
  });
});
