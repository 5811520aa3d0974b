import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../http/errors';
import { multipartBody, png } from '../media/test-files';
import { createTestApp, expectError, expectOk, register, type Session, type TestApp } from '../test/test-app';

let t: TestApp;
let image: Buffer;
beforeAll(async () => {
  // 3 uploads an hour per account (9 per address), 1 MB a day per account.
  t = await createTestApp({}, { LIMIT_UPLOADS_PER_HOUR: '3', LIMIT_UPLOAD_MB_PER_DAY: '1' });
  image = await png(40, 30);
});
afterAll(() => t.close());

function uploadFrom(address: string, who: Session, data = image) {
  const { payload, contentType } = multipartBody({ data, filename: 'a.png', contentType: 'image/png' });
  return t.app.inject({
    method: 'POST',
    url: '/svc/media/upload',
    payload,
    remoteAddress: address,
    headers: { 'content-type': contentType, cookie: who.cookie, 'x-form-key': who.formKey },
  });
}

describe('POST /svc/media/upload: limits', () => {
  it('refuses an account its 4th upload within the hour with 429 and Retry-After, storing nothing', async () => {
    const ann = await register(t.app);
    for (let i = 0; i < 3; i++) expectOk(await uploadFrom('192.0.2.1', ann));
    const before = await t.db.selectFrom('media').select('id').execute();
    const res = await uploadFrom('192.0.2.1', ann);
    const body = expectError(res, 429, /^Too many uploads: at most 3 files an hour\. Try again in (60|59) minutes \(at \d\d:\d\d UTC\)\.$/);
    expect(body.errors![0]!.code).toBe(ErrorCode.rateLimited);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await t.db.selectFrom('media').select('id').execute()).toEqual(before);
    // Another account is not affected.
    expectOk(await uploadFrom('198.51.100.1', await register(t.app)));
  });

  it('refuses an address after three accounts’ worth of uploads', async () => {
    const people = [await register(t.app), await register(t.app), await register(t.app), await register(t.app)];
    for (const person of people.slice(0, 3)) {
      for (let i = 0; i < 3; i++) expectOk(await uploadFrom('203.0.113.9', person));
    }
    expectError(await uploadFrom('203.0.113.9', people[3]!), 429, /^Too many uploads from your network in the last hour\./);
    expectOk(await uploadFrom('203.0.113.10', people[3]!));
  });

  it('refuses an account that uploaded its bytes for the day', async () => {
    const bob = await register(t.app);
    const big = await png(1000, 800, '#123456');
    // Noise does not compress: a PNG near 1 MB is the day's whole quota.
    const noisy = await sharp(Buffer.from(Array.from({ length: 700 * 500 * 3 }, () => Math.floor(Math.random() * 256))), { raw: { width: 700, height: 500, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(1024 * 1024);
    expectOk(await uploadFrom('192.0.2.20', bob, noisy));
    expectError(await uploadFrom('192.0.2.20', bob, big), 429, /^You have uploaded the 1 MB you can upload in a day\. Try again in 24 hours \(at \d\d:\d\d UTC\)\.$/);
  });
});
