// Image messages stream to disk through the media pipeline's temporary folder (never held whole
// in memory) and spend the day's upload bytes that post uploads spend (issue 12).
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder, multipartBody, png } from '../media/test-files';
import { countRows, createTestApp, expectError, expectOk, type TestApp } from '../test/test-app';
import { person, type Person } from './test-kit';

let t: TestApp;
let ann: Person;
let bob: Person;
let noisy: Buffer;
beforeAll(async () => {
  // A 1 MB image limit for messages and 1 MB of uploads a day per account.
  t = await createTestApp({}, { MESSAGING_MAX_IMAGE_MB: '1', LIMIT_UPLOAD_MB_PER_DAY: '1' });
  [ann, bob] = [await person(t), await person(t)];
  // Noise does not compress: a PNG of about 0.9 MB, under the message limit.
  noisy = await sharp(Buffer.from(Array.from({ length: 620 * 500 * 3 }, () => Math.floor(Math.random() * 256))), { raw: { width: 620, height: 500, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
});
afterAll(() => t.close());

const inject = (who: Person, url: string, parts: ReturnType<typeof multipartBody>) =>
  t.app.inject({ method: 'POST', url, payload: parts.payload, headers: { 'content-type': parts.contentType, cookie: who.s.cookie, 'x-form-key': who.s.formKey } });
const sendImage = (from: Person, to: Person, data: Buffer) =>
  inject(from, '/svc/conversations/messages', multipartBody({ data, field: 'data', filename: 'p.png', contentType: 'image/png' }, { participant: from.uuid, 'participants[]': to.uuid, type: 'IMAGE' }));
const uploadPhoto = (who: Person, data: Buffer) => inject(who, '/svc/media/upload', multipartBody({ data, filename: 'a.png', contentType: 'image/png' }));
const tempFiles = async () => (await filesUnder(path.join(t.dataDir, 'tmp'))).length;

describe('image messages and the daily upload allowance', () => {
  it('counts an image message against the day’s upload bytes that post uploads use, and refuses past them, storing nothing', async () => {
    expect(noisy.length).toBeGreaterThan(800 * 1024);
    expect(noisy.length).toBeLessThan(1024 * 1024);
    expectOk(await sendImage(ann, bob, noisy));
    // Under the day's bytes still: a post upload may start, and ends past them.
    expectOk(await uploadPhoto(ann, await png(40, 30)));
    expectOk(await uploadPhoto(ann, noisy));
    const before = await countRows(t.db);
    expectError(await sendImage(ann, bob, await png(20, 20)), 429, /^You have uploaded the 1 MB you can upload in a day\. Try again in 24 hours/);
    expect(await countRows(t.db)).toEqual(before);
    // Post uploads see the same day: refused too. Bob's day is his own.
    expectError(await uploadPhoto(ann, await png(20, 20)), 429, /^You have uploaded the 1 MB/);
    expectOk(await sendImage(bob, ann, await png(20, 20)));
  });

  it('leaves no temporary file behind: sent, refused as too big, or not an image', async () => {
    const carl = await person(t);
    expectOk(await sendImage(carl, bob, await png(30, 30)));
    expectError(await sendImage(carl, bob, Buffer.concat([noisy, noisy])), 413, 'Image must be smaller than 1MB');
    expectError(await sendImage(carl, bob, Buffer.from('not an image at all, only words')), 400);
    expect(await tempFiles()).toBe(0);
  });
});
