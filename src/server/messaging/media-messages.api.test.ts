// Image, sticker and GIF messages (issue 12; spec 2 §3, §5): the media pipeline, the exact
// refusals that store nothing, privacy of a message's image to the conversation, and the pack.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationWithMessages, StickerView } from '../../shared/messaging/api';
import { filesUnder, jpegWithExif, multipartBody, png } from '../media/test-files';
import { asOwner } from '../test/posts';
import { countRows, createTestApp, expectError, expectOk, get, post, register, type TestApp } from '../test/test-app';
import { form, messagesOf, person, sendTo, sent, type Person } from './test-kit';

let t: TestApp;
let ann: Person;
let bob: Person;
beforeAll(async () => {
  // A 1 MB limit, so "too big" needs no large file.
  t = await createTestApp({}, { MESSAGING_MAX_IMAGE_MB: '1' });
  [ann, bob] = [await person(t), await person(t)];
});
afterAll(() => t.close());

type ImageAnswer = ConversationWithMessages & { images: NonNullable<ConversationWithMessages['messages']['data'][number]['images']> };

function sendImage(from: Person, to: Person, data: Buffer, extra: Record<string, string> = {}, file: { filename?: string; contentType?: string; field?: string } = {}) {
  const { payload, contentType } = multipartBody(
    { data, field: file.field ?? 'data', filename: file.filename ?? 'photo.png', contentType: file.contentType ?? 'image/png' },
    { participant: from.uuid, 'participants[]': to.uuid, type: 'IMAGE', context: 'messaging-image-upload', ...extra },
  );
  return t.app.inject({
    method: 'POST',
    url: '/svc/conversations/messages',
    payload,
    headers: { 'content-type': contentType, cookie: from.s.cookie, 'x-form-key': from.s.formKey },
  });
}

const mediaDir = () => path.join(t.dataDir, 'media');
const messageMedia = async () => (await t.db.selectFrom('message_media').select('sha256').execute()).length;
/** Every table's row count, the message images and the files in storage. */
const stored = async () => ({ rows: await countRows(t.db), messageMedia: await messageMedia(), files: (await filesUnder(mediaDir())).length });

describe('image messages', () => {
  it('stores an image through the pipeline: sizes down to 250 px and a square, EXIF gone, messages.data[0] and images[0]', async () => {
    const res = await sendImage(ann, bob, await jpegWithExif(), {}, { filename: 'me.jpg', contentType: 'image/jpeg' });
    const answer = expectOk<ImageAnswer>(res);
    const message = answer.messages.data[0]!;
    expect(message.type).toBe('IMAGE');
    expect(message.images).toHaveLength(1);
    expect(answer.images[0]).toEqual(message.images![0]);
    const image = answer.images[0]!;
    expect(image.original_size.url).toMatch(/\/media\/.+\.jpg$/);
    expect(image.alt_sizes.at(-1)).toMatchObject({ width: 75, height: 75 });
    const sharp = (await import('sharp')).default;
    const file = await get(t.app, image.original_size.url, asOwner(ann.s));
    expect(file.statusCode).toBe(200);
    expect((await sharp(file.rawPayload).metadata()).exif).toBeUndefined();
    // The recipient reads the same image in the conversation.
    const page = expectOk<ConversationWithMessages>(await messagesOf(t.app, bob, answer.id));
    expect(page.messages.data.at(-1)!.images![0]).toEqual(image);
  });

  it('keeps the image private to the two blogs of the conversation; alt sizes include a 250 px one', async () => {
    const carl = await person(t);
    const answer = expectOk<ImageAnswer>(await sendImage(ann, carl, await png(600, 400, '#aa3344')));
    expect(answer.images[0]!.alt_sizes.map((s) => s.width)).toEqual([600, 500, 400, 250, 100, 75]);
    for (const size of answer.images[0]!.alt_sizes) {
      expect((await get(t.app, size.url, asOwner(ann.s))).statusCode).toBe(200);
      expect((await get(t.app, size.url, asOwner(carl.s))).statusCode).toBe(200);
      expectError(await get(t.app, size.url, asOwner(bob.s)), 404, 'There is no such file, or it is not yours to see.');
      expectError(await get(t.app, size.url), 404, 'There is no such file, or it is not yours to see.');
    }
  });

  it("refuses a file that is not an image: 'Invalid file type.', nothing stored", async () => {
    const before = await stored();
    expectError(await sendImage(ann, bob, Buffer.from('just some words, not a picture at all'), {}, { filename: 'a.txt', contentType: 'text/plain' }), 400, 'Invalid file type.');
    expect(await stored()).toEqual(before);
  });

  it('refuses bytes that lie about their type (a name and type of PNG, a PDF inside), nothing stored', async () => {
    const before = await stored();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    expectError(await sendImage(ann, bob, pdf, {}, { filename: 'cat.png', contentType: 'image/png' }), 400, 'Invalid file type.');
    expect(await stored()).toEqual(before);
  });

  it("refuses a PNG whose pixels are broken: 'Something about that file is off. Try sending something else.', nothing stored", async () => {
    const good = await png(400, 300);
    const broken = Buffer.concat([good.subarray(0, 60), Buffer.alloc(200, 7)]);
    const before = await stored();
    expectError(await sendImage(ann, bob, broken), 400, 'Something about that file is off. Try sending something else.');
    expect(await stored()).toEqual(before);
  });

  it("refuses an image over the server's limit: 'Image must be smaller than 1MB', nothing stored", async () => {
    const sharp = (await import('sharp')).default;
    // Random pixels do not compress: well over 1 MB.
    const noise = Buffer.alloc(800 * 600 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = Math.floor(Math.random() * 256);
    const big = await sharp(noise, { raw: { width: 800, height: 600, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(1048576);
    const before = await stored();
    expectError(await sendImage(ann, bob, big), 413, 'Image must be smaller than 1MB');
    expect(await stored()).toEqual(before);
  });

  it('answers a store that refuses the write with a 503 that blames the server, not the file; nothing stored', async () => {
    // The media folder replaced by a plain file: every write into it fails as a full disk would.
    const aside = `${mediaDir()}-aside`;
    await fs.mkdir(mediaDir(), { recursive: true });
    await fs.rename(mediaDir(), aside);
    await fs.writeFile(mediaDir(), 'not a folder');
    try {
      const before = { rows: await countRows(t.db), messageMedia: await messageMedia() };
      const res = await sendImage(ann, bob, await png(64, 48, '#225588'));
      expectError(res, 503, 'The server could not store the file just now. Nothing was sent or saved; please try again in a few minutes.');
      expect(res.headers['retry-after']).toBe('60');
      expect({ rows: await countRows(t.db), messageMedia: await messageMedia() }).toEqual(before);
    } finally {
      await fs.rm(mediaDir(), { force: true });
      await fs.rename(aside, mediaDir());
    }
  });

  it('says the limit in user info (messaging_max_image_bytes), 10485760 by default', async () => {
    const info = expectOk<{ user: { messaging_max_image_bytes: number } }>(await get(t.app, '/svc/user/info', asOwner(ann.s)));
    expect(info.user.messaging_max_image_bytes).toBe(1048576);
    const plain = await createTestApp();
    try {
      const s = await register(plain.app);
      expect(expectOk<{ user: { messaging_max_image_bytes: number } }>(await get(plain.app, '/svc/user/info', asOwner(s))).user.messaging_max_image_bytes).toBe(10485760);
    } finally {
      await plain.close();
    }
  });

  it('refuses IMAGE without a file, a file in another field, and a file with type TEXT; nothing stored', async () => {
    const before = await stored();
    expectError(await post(t.app, '/svc/conversations/messages', form({ participant: ann.uuid, 'participants[]': [ann.uuid, bob.uuid], type: 'IMAGE' }), asOwner(ann.s)), 400);
    expectError(await sendImage(ann, bob, await png(50, 50), {}, { field: 'photo' }), 400, 'Send the image in a form field named data.');
    expectError(await sendImage(ann, bob, await png(50, 50), { type: 'TEXT', message: 'hi' }), 400, 'A message with an image must have type IMAGE.');
    expect(await stored()).toEqual(before);
  });

  it('answers broken multipart bodies with a 4xx, never a 500, storing nothing', async () => {
    const before = await stored();
    const { payload, contentType } = multipartBody({ data: await png(300, 200), field: 'data' }, { participant: ann.uuid, 'participants[]': bob.uuid });
    const headers = { cookie: ann.s.cookie, 'x-form-key': ann.s.formKey };
    const cases = [
      { payload: payload.subarray(0, payload.length - 400), 'content-type': contentType },
      { payload, 'content-type': 'multipart/form-data' },
      { payload: Buffer.from('garbage'), 'content-type': contentType },
      { payload: multipartBody({ data: Buffer.from('x'.repeat(6000)), field: 'data' }, { participant: 'p'.repeat(6000) }).payload, 'content-type': contentType },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/svc/conversations/messages', payload: c.payload, headers: { ...headers, 'content-type': c['content-type'] } });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
    expect(await stored()).toEqual(before);
  });

  it('processes nothing when the send is refused by a rule (a blog that takes no messages)', async () => {
    const dora = await person(t);
    expectOk(await post(t.app, `/svc/blog/${dora.name}/settings`, { can_receive_messages: false }, asOwner(dora.s)));
    const before = await stored();
    expectError(await sendImage(ann, dora, await png(320, 240, '#123456')), 403, "This Tumblr can't receive messages.");
    expect(await stored()).toEqual(before);
  });

  it('needs the form key and a session for a multipart send', async () => {
    const { payload, contentType } = multipartBody({ data: await png(50, 50), field: 'data' }, { participant: ann.uuid, 'participants[]': bob.uuid, type: 'IMAGE' });
    const noKey = await t.app.inject({ method: 'POST', url: '/svc/conversations/messages', payload, headers: { 'content-type': contentType, cookie: ann.s.cookie } });
    expect(noKey.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/svc/conversations/messages', payload, headers: { 'content-type': contentType } });
    expect([401, 403]).toContain(anonymous.statusCode);
  });
});

describe('stickers', () => {
  it('lists the pack, serves each drawing as SVG, and sends a STICKER message with its urls', async () => {
    const { stickers } = expectOk<{ stickers: StickerView[] }>(await get(t.app, '/svc/conversations/stickers', asOwner(ann.s)));
    expect(stickers.length).toBeGreaterThanOrEqual(6);
    expect(stickers[0]).toMatchObject({ id: expect.any(String), description: expect.any(String), sticker_pack_id: 'tumbleweed-basics' });
    const file = await get(t.app, new URL(stickers[0]!.url).pathname);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('image/svg+xml');
    expect(file.body).toContain('<svg');
    const answer = await sent(await sendTo(t.app, ann, bob, '', { type: 'STICKER', sticker_id: stickers[1]!.id }));
    expect(answer.messages.data[0]).toMatchObject({ type: 'STICKER', sticker_id: stickers[1]!.id, sticker: { url: stickers[1]!.url, original_size_url: stickers[1]!.original_size_url } });
  });

  it('refuses an unknown sticker_id with a 400 and stores nothing; unknown drawings are 404', async () => {
    const before = await stored();
    expectError(await sendTo(t.app, ann, bob, '', { type: 'STICKER', sticker_id: 'no-such-sticker' }), 400, 'There is no such sticker: pick one from the sticker pack.');
    expectError(await sendTo(t.app, ann, bob, '', { type: 'STICKER' }), 400, 'There is no such sticker: pick one from the sticker pack.');
    expect(await stored()).toEqual(before);
    expect((await get(t.app, '/svc/stickers/nope.svg')).statusCode).toBe(404);
    expect((await get(t.app, '/svc/stickers/..%2Fsecret')).statusCode).toBe(404);
    expect((await get(t.app, '/svc/conversations/stickers')).statusCode).toBe(401);
  });
});
