// Issue 24.4: an image message carries its sender's alt text, stored with the image and read by both blogs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationWithMessages } from '../../shared/messaging/api';
import { ALT_TEXT_MAX } from '../../shared/posts/messages';
import { multipartBody, png } from '../media/test-files';
import { countRows, createTestApp, expectError, expectOk, type TestApp } from '../test/test-app';
import { messagesOf, person, sendTo, type Person } from './test-kit';

let t: TestApp;
let ann: Person;
let bob: Person;
beforeAll(async () => {
  t = await createTestApp();
  [ann, bob] = [await person(t), await person(t)];
});
afterAll(() => t.close());

/** Every table's rows, and the messages (not among countRows' tables). */
const stored = async () => ({ rows: await countRows(t.db), messages: (await t.db.selectFrom('messages').select('id').execute()).length });

async function sendImage(from: Person, to: Person, extra: Record<string, string>) {
  const { payload, contentType } = multipartBody(
    { data: await png(120, 80, '#3366aa'), field: 'data', filename: 'photo.png', contentType: 'image/png' },
    { participant: from.uuid, 'participants[]': to.uuid, type: 'IMAGE', context: 'messaging-image-upload', ...extra },
  );
  return t.app.inject({
    method: 'POST',
    url: '/svc/conversations/messages',
    payload,
    headers: { 'content-type': contentType, cookie: from.s.cookie, 'x-form-key': from.s.formKey },
  });
}

describe('POST /svc/conversations/messages: alt_text of an image', () => {
  it('stores it with the image, answers it, and the recipient reads it', async () => {
    const answer = expectOk<ConversationWithMessages>(await sendImage(ann, bob, { alt_text: ' A blue\nsquare ' }));
    const image = answer.messages.data[0]!.images![0]!;
    expect(image.alt_text).toBe('A blue square');
    const row = await t.db.selectFrom('messages').select('image').where('conversation_id', '=', answer.id).where('type', '=', 'IMAGE').executeTakeFirstOrThrow();
    expect(row.image).toMatchObject({ alt_text: 'A blue square' });
    const page = expectOk<ConversationWithMessages>(await messagesOf(t.app, bob, answer.id));
    expect(page.messages.data.at(-1)!.images![0]!.alt_text).toBe('A blue square');
  });

  it('sends no alt_text for an image sent without one', async () => {
    const answer = expectOk<ConversationWithMessages>(await sendImage(ann, bob, {}));
    expect(answer.messages.data[0]!.images![0]).not.toHaveProperty('alt_text');
  });

  it(`refuses more than ${ALT_TEXT_MAX} characters with 400, storing nothing`, async () => {
    const before = await stored();
    const res = await sendImage(ann, bob, { alt_text: 'a'.repeat(ALT_TEXT_MAX + 1) });
    const body = expectError(res, 400, 'The alt text of the image can be at most 1,000 characters.');
    expect(body.errors![0]).toMatchObject({ field: 'alt_text' });
    expect(await stored()).toEqual(before);
  });

  it('refuses alt text on a message that has no image', async () => {
    const before = await stored();
    expectError(await sendTo(t.app, ann, bob, 'hello', { alt_text: 'A wave' }), 400, 'Alt text describes an image: send it only with type IMAGE.');
    expect(await stored()).toEqual(before);
  });
});
