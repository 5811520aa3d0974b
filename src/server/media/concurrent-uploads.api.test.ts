// The same file sent several times at once (issue 22, item 8): every send writes the same
// content-addressed keys, and each must succeed with the same stored files and no leftovers.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationWithMessages } from '../../shared/messaging/api';
import { person, type Person } from '../messaging/test-kit';
import { asOwner } from '../test/posts';
import { createTestApp, expectOk, get, type TestApp } from '../test/test-app';
import { filesUnder, multipartBody, png, upload } from './test-files';
import type { UploadedMedia } from './views';

let t: TestApp;
let ann: Person;
let bob: Person;
beforeAll(async () => {
  t = await createTestApp();
  [ann, bob] = [await person(t), await person(t)];
});
afterAll(() => t.close());

const AT_ONCE = 3;
const ROUNDS = 4;
const temporaryFiles = async () => (await filesUnder(path.join(t.dataDir, 'media'))).filter((f) => f.endsWith('.part'));

function sendImage(from: Person, to: Person, data: Buffer) {
  const { payload, contentType } = multipartBody(
    { data, field: 'data', filename: 'photo.png', contentType: 'image/png' },
    { participant: from.uuid, 'participants[]': to.uuid, type: 'IMAGE', context: 'messaging-image-upload' },
  );
  return t.app.inject({
    method: 'POST',
    url: '/svc/conversations/messages',
    payload,
    headers: { 'content-type': contentType, cookie: from.s.cookie, 'x-form-key': from.s.formKey },
  });
}

describe('POST /svc/media/upload: one photo sent several times at once', () => {
  it('answers every send with the same upload, one row, and whole files', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const data = await png(700, 500, `#1${round}3a5c`);
      const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => upload(t.app, asOwner(ann.s), { data })));
      expect(answers.map((res) => res.statusCode)).toEqual(Array(AT_ONCE).fill(200));
      const items = answers.map((res) => expectOk<UploadedMedia[]>(res)[0]!);
      expect(new Set(items.map((item) => item.media_id)).size).toBe(1);
      const rows = await t.db.selectFrom('media').select('id').where('id', '=', items[0]!.media_id).execute();
      expect(rows).toHaveLength(1);
      for (const size of items[0]!.sizes) expect((await get(t.app, size.url, asOwner(ann.s))).statusCode).toBe(200);
    }
    expect(await temporaryFiles()).toEqual([]);
  });
});

describe('POST /svc/conversations/messages: one image sent several times at once', () => {
  it('sends every message, each showing the same stored image', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const data = await png(600, 400, `#a${round}5533`);
      const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => sendImage(ann, bob, data)));
      expect(answers.map((res) => [res.statusCode, res.statusCode === 200 ? '' : res.body])).toEqual(Array(AT_ONCE).fill([200, '']));
      const urls = answers.map((res) => expectOk<ConversationWithMessages>(res).messages.data[0]!.images![0]!.original_size.url);
      expect(new Set(urls).size).toBe(1);
      expect((await get(t.app, urls[0]!, asOwner(bob.s))).statusCode).toBe(200);
    }
    expect(await temporaryFiles()).toEqual([]);
  });
});
