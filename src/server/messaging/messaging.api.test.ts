import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationWithMessages } from '../../shared/messaging/api';
import { newVerificationLink } from '../account/verification';
import { asOwner } from '../test/posts';
import { createTestApp, expectError, expectOk, get, post, type TestApp } from '../test/test-app';
import { form, inbox, messagesOf, person, poll, sendIn, sendTo, sent, type Person } from './test-kit';

let t: TestApp;
const userIdOf = async (p: Person) => (await t.db.selectFrom('users').select('id').where('email', '=', p.s.body.response.user.email).executeTakeFirstOrThrow()).id;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sending, listing and polling', () => {
  let ann: Person;
  let bob: Person;
  let conversationId: string;
  beforeAll(async () => {
    ann = await person(t);
    bob = await person(t);
  });

  it('starts a conversation with participants[] and answers it with messages.data[0]', async () => {
    const answer = await sent(await sendTo(t.app, ann, bob, '  Hello Bob  ', { context: 'post-chrome:extra', idempotency_key: 'k-1' }));
    conversationId = answer.id;
    expect(answer).toMatchObject({ object_type: 'conversation', status: 'ACTIVE', can_send: true, unread_messages_count: 0 });
    expect(answer.participants.map((p) => p.name)).toEqual([ann.name, bob.name]);
    expect(answer.messages.data).toHaveLength(1);
    expect(answer.messages.data[0]).toMatchObject({ type: 'TEXT', participant: ann.uuid, content: { text: 'Hello Bob', formatting: [] }, context: 'post-chrome', conversation_id: conversationId });
    expect(answer.last_modified_ts).toBe(answer.messages.data[0]!.ts);
  });

  it("counts it unread for the other side: poll, inbox and user info", async () => {
    expect(await poll(t.app, bob)).toEqual({ unread_messages: { [bob.uuid]: { [conversationId]: 1 } } });
    expect(await poll(t.app, ann)).toEqual({ unread_messages: {} });
    const page = await inbox(t.app, bob);
    expect(page.conversations).toHaveLength(1);
    expect(page.conversations[0]).toMatchObject({ id: conversationId, unread_messages_count: 1, last_message: { content: { text: 'Hello Bob' } } });
    const info = expectOk<{ user: { channels: { unread_messages_count_sum: number; mention_key: string }[] } }>(await get(t.app, '/svc/user/info', asOwner(bob.s)));
    expect(info.user.channels[0]).toMatchObject({ unread_messages_count_sum: 1, mention_key: bob.uuid });
  });

  it('fetching the newest page marks it read; the reply comes back in order', async () => {
    const page = expectOk<ConversationWithMessages>(await messagesOf(t.app, bob, conversationId));
    expect(page.messages.data.map((m) => m.content.text)).toEqual(['Hello Bob']);
    expect(page.unread_messages_count).toBe(0);
    expect(await poll(t.app, bob)).toEqual({ unread_messages: {} });
    await sent(await sendIn(t.app, bob, conversationId, 'Hi Ann'));
    expect(await poll(t.app, ann)).toEqual({ unread_messages: { [ann.uuid]: { [conversationId]: 1 } } });
    const annPage = expectOk<ConversationWithMessages>(await messagesOf(t.app, ann, conversationId));
    expect(annPage.messages.data.map((m) => m.content.text)).toEqual(['Hello Bob', 'Hi Ann']);
  });

  it('stores one message for three sends of the same idempotency key, and for a burst', async () => {
    const first = await sent(await sendIn(t.app, ann, conversationId, 'Once', { idempotency_key: 'same' }));
    const again = await sent(await sendIn(t.app, ann, conversationId, 'Once', { idempotency_key: 'same' }));
    const third = await sent(await sendIn(t.app, ann, conversationId, 'Once', { idempotency_key: 'same' }));
    expect(again.messages.data[0]!.ts).toBe(first.messages.data[0]!.ts);
    expect(third.messages.data[0]!.ts).toBe(first.messages.data[0]!.ts);
    const burst = await Promise.all(Array.from({ length: 6 }, () => sendIn(t.app, ann, conversationId, 'Burst', { idempotency_key: 'burst' })));
    const ids = new Set(await Promise.all(burst.map(async (res) => (await sent(res)).messages.data[0]!.ts)));
    expect(ids.size).toBe(1);
    const rows = await t.db.selectFrom('messages').select('content').where('conversation_id', '=', conversationId).execute();
    expect(rows.map((r) => r.content.text).filter((text) => text === 'Once' || text === 'Burst')).toEqual(['Once', 'Burst']);
    expect(await poll(t.app, bob)).toEqual({ unread_messages: { [bob.uuid]: { [conversationId]: 2 } } });
  });

  it('keeps two blogs to one conversation, whoever starts it', async () => {
    const answer = await sent(await sendTo(t.app, bob, ann, 'Same one'));
    expect(answer.id).toBe(conversationId);
  });

  it('makes one conversation of first messages sent at once, counting one against the daily limit', async () => {
    const carl = await person(t);
    const dora = await person(t);
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => sendTo(t.app, carl, dora, `at once ${i}`)));
    const ids = new Set(await Promise.all(answers.map(async (res) => (await sent(res)).id)));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect(await poll(t.app, dora)).toEqual({ unread_messages: { [dora.uuid]: { [id!]: 5 } } });
    const bucket = await t.db.selectFrom('rate_limits').select('hits').where('key', 'like', 'messaging-new-conversations:%').where('key', 'like', `%${await userIdOf(carl)}`).executeTakeFirstOrThrow();
    expect(Number(bucket.hits)).toBe(1);
  });

  it('refuses bad polling tokens and unverified users', async () => {
    expectError(await get(t.app, '/services/poll?token=nope'), 401);
    const carl = await person(t, false);
    expectError(await get(t.app, `/services/poll?token=${carl.token}`), 403, 'Please verify your email address before talking to a Tumblr.');
    // Verified through the emailed link: the cached refusal is forgotten at once.
    const user = await t.db.selectFrom('users').select('id').where('email', '=', carl.s.body.response.user.email).executeTakeFirstOrThrow();
    const link = await newVerificationLink(t.db, t.ctx.config.publicUrl, user.id);
    expectOk(await post(t.app, '/svc/account/verify', { token: link.split('/').at(-1) }, asOwner(carl.s)));
    expectOk(await get(t.app, `/services/poll?token=${carl.token}`));
  });

  it('rotates the polling token: the old one stops working at once', async () => {
    const dora = await person(t);
    const { polling_token } = expectOk<{ polling_token: string }>(await post(t.app, '/svc/user/polling_token', {}, asOwner(dora.s)));
    expect(polling_token).not.toBe(dora.token);
    expectError(await get(t.app, `/services/poll?token=${dora.token}`), 401);
    expectOk(await get(t.app, `/services/poll?token=${polling_token}`));
  });

  it('sends form-encoded fields as the client does', async () => {
    const res = await post(t.app, '/svc/conversations/messages', form({ participant: ann.uuid, conversation_id: conversationId, type: 'TEXT', message: 'form' }), asOwner(ann.s));
    expectOk(res);
  });
});
