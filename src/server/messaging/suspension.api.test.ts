// Issue 22, item 1: a suspended blog reaches nobody through messaging (the rule of visibility.ts,
// `mayReach`), and a conversation with a suspended blog takes no more messages (404, as
// docs/api.md says). Both send paths are covered: the one-statement send into a conversation
// and the send that starts one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner } from '../test/posts';
import { createTestApp, expectError, expectOk, markVerified, post, register, type Session, type TestApp } from '../test/test-app';
import { inbox, messagesOf, person, poll, sendIn, sendTo, sent, type Person } from './test-kit';

const SUSPENDED = (name: string) => `Your blog "${name}" is suspended: while it is, it cannot message, ask, reply, like, reblog, follow, subscribe, report or submit.`;

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await register(t.app);
  await markVerified(t.db, admin);
  await t.db.updateTable('users').set({ is_admin: true }).where('email', '=', admin.body.response.user.email).execute();
});
afterAll(() => t.close());

const suspend = async (p: Person, value = true) =>
  expectOk(await post(t.app, '/suspended/toggle', { tumblelog: p.name, value }, asOwner(admin)));
const messageCount = async () => Number((await t.db.selectFrom('messages').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
/** The unread messages the person's poll reports, over all their conversations. */
const unreadOf = async (p: Person) =>
  Object.values((await poll(t.app, p)).unread_messages).flatMap((byConversation) => Object.values(byConversation)).reduce((sum, n) => sum + n, 0);

describe('a suspended blog sending', () => {
  it('cannot send into a conversation it already has: 403 (4007), nothing stored, no unread count', async () => {
    const ann = await person(t);
    const bob = await person(t);
    const { id } = await sent(await sendTo(t.app, ann, bob, 'Before'));
    expectOk(await messagesOf(t.app, bob, id));
    await suspend(ann);
    const before = await messageCount();
    const body = expectError(await sendIn(t.app, ann, id, 'After'), 403, SUSPENDED(ann.name));
    expect(body.errors![0]!.code).toBe(4007);
    // The same with an idempotency key (the one-statement send writes only when every rule passes).
    expectError(await sendIn(t.app, ann, id, 'After', { idempotency_key: 'k-1' }), 403, SUSPENDED(ann.name));
    expect(await messageCount()).toBe(before);
    expect(await unreadOf(bob)).toBe(0);
    // Its owner still reads the conversation, which says it cannot send.
    expect((await inbox(t.app, ann)).conversations[0]).toMatchObject({ id, can_send: false });
  });

  it('cannot start a conversation with a stranger: 403, no conversation, nothing on the stranger’s poll', async () => {
    const ann = await person(t);
    const stranger = await person(t);
    await suspend(ann);
    expectError(await sendTo(t.app, ann, stranger, 'Hello stranger'), 403, SUSPENDED(ann.name));
    expect(await t.db.selectFrom('conversation_participants').select('conversation_id').where('blog_id', 'in', [
      (await t.db.selectFrom('blogs').select('id').where('name', '=', stranger.name).executeTakeFirstOrThrow()).id,
    ]).execute()).toEqual([]);
    expect(await unreadOf(stranger)).toBe(0);
    expect((await inbox(t.app, stranger)).conversations).toEqual([]);
  });

  it('sends again once the suspension is lifted', async () => {
    const ann = await person(t);
    const bob = await person(t);
    const { id } = await sent(await sendTo(t.app, ann, bob, 'Before'));
    await suspend(ann);
    expectError(await sendIn(t.app, ann, id, 'During'), 403);
    await suspend(ann, false);
    await sent(await sendIn(t.app, ann, id, 'After'));
    expect(await unreadOf(bob)).toBe(2);
  });
});

describe('sending to a suspended blog', () => {
  it('into the conversation: 404 (as documented), nothing stored; the conversation says can_send false', async () => {
    const ann = await person(t);
    const bob = await person(t);
    const { id } = await sent(await sendTo(t.app, ann, bob, 'Hello'));
    await suspend(ann);
    const before = await messageCount();
    expectError(await sendIn(t.app, bob, id, 'A reply'), 404, 'There is no such conversation, or it is not yours to see.');
    expectError(await sendIn(t.app, bob, id, 'A reply', { idempotency_key: 'r-1' }), 404);
    expect(await messageCount()).toBe(before);
    expect((await inbox(t.app, bob)).conversations[0]).toMatchObject({ id, can_send: false });
    expect(await unreadOf(ann)).toBe(0);
  });

  it('a new conversation: 404 There is no such blog to message.', async () => {
    const ann = await person(t);
    const bob = await person(t);
    await suspend(bob);
    expectError(await sendTo(t.app, ann, bob, 'Hi'), 404, 'There is no such blog to message.');
  });
});
