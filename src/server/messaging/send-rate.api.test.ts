// Issue 22, item 12: a per-account send rate. Past it a send is refused with a clear 429 and
// Retry-After, and nothing is stored; another account is not affected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessagingErrorCode } from '../../shared/messaging/errors';
import { createTestApp, expectError, type TestApp } from '../test/test-app';
import { person, sendIn, sendTo, sent, type Person } from './test-kit';

const PER_MINUTE = 5;
let t: TestApp;
let ann: Person;
let bob: Person;
beforeAll(async () => {
  t = await createTestApp({}, { LIMIT_MESSAGES_PER_MINUTE: String(PER_MINUTE) });
  ann = await person(t);
  bob = await person(t);
});
afterAll(() => t.close());

const messagesFrom = async (p: Person) =>
  Number((await t.db.selectFrom('messages').innerJoin('blogs', 'blogs.id', 'messages.sender_blog_id').select((eb) => eb.fn.countAll<string>().as('n')).where('blogs.uuid', '=', p.uuid).executeTakeFirstOrThrow()).n);

describe('POST /svc/conversations/messages: the send rate', () => {
  it(`answers ${PER_MINUTE} sends a minute, then 429 with Retry-After and nothing stored`, async () => {
    const id = (await sent(await sendTo(t.app, ann, bob, 'One'))).id;
    for (let i = 2; i <= PER_MINUTE; i++) await sent(await sendIn(t.app, ann, id, `Send ${i}`));
    const refused = await sendIn(t.app, ann, id, 'One too many');
    const body = expectError(refused, 429, /^You're sending messages faster than anyone can read them\. Wait a moment: you can send again in (\d+ seconds|1 minute) \(at \d\d:\d\d UTC\)\.$/);
    expect(body.errors![0]!.code).toBe(MessagingErrorCode.sendRate);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // A new conversation is a send too.
    const carl = await person(t);
    expectError(await sendTo(t.app, ann, carl, 'Elsewhere'), 429);
    expect(await messagesFrom(ann)).toBe(PER_MINUTE);
  });

  it('counts each account on its own: the other side still answers', async () => {
    const id = (await sent(await sendTo(t.app, bob, ann, 'My own count'))).id;
    await sent(await sendIn(t.app, bob, id, 'Still mine'));
  });
});
