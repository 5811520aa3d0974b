// The send's one-statement write (send-sql.ts) on its own: the block check inside it (a block
// that lands between the send's read and its write), the idempotency key, and the counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner } from '../test/posts';
import { createTestApp, expectOk, post, type TestApp } from '../test/test-app';
import { sendInOneStatement, storeInConversation, type NewMessage } from './send-sql';
import { person, sendTo, sent, type Person } from './test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const blogOf = async (p: Person) => t.db.selectFrom('blogs').select(['id', 'user_id']).where('uuid', '=', p.uuid).executeTakeFirstOrThrow();

describe('storeInConversation', () => {
  let ann: Person;
  let bob: Person;
  let base: NewMessage;
  beforeAll(async () => {
    ann = await person(t);
    bob = await person(t);
    const conversationId = (await sent(await sendTo(t.app, ann, bob, 'First'))).id;
    const [a, b] = [await blogOf(ann), await blogOf(bob)];
    base = {
      conversationId, senderBlogId: a.id, otherBlogId: b.id, viewerUserId: a.user_id, type: 'TEXT',
      content: JSON.stringify({ text: 'Direct', formatting: [] }), postId: null, postBlogId: null, image: null,
      stickerId: null, context: null, idempotencyKey: null, imageSha: null,
    };
  });

  const countIn = async () => Number((await t.db.selectFrom('messages').select((eb) => eb.fn.countAll().as('n')).where('conversation_id', '=', base.conversationId).executeTakeFirstOrThrow()).n);

  it('stores the message and moves both participants: the sender read, the other one unread more', async () => {
    const stored = await storeInConversation(t.db, base);
    expect(stored.blocked).toBe(false);
    expect(stored.message).toMatchObject({ conversation_id: base.conversationId, sender_blog_id: base.senderBlogId, type: 'TEXT', content: { text: 'Direct', formatting: [] } });
    expect(stored.mine).toMatchObject({ blog_id: base.senderBlogId, unread_count: 0, last_modified_ts: stored.message!.id, last_read_ts: stored.message!.id });
    const rows = await t.db.selectFrom('conversation_participants').selectAll().where('conversation_id', '=', base.conversationId).execute();
    expect(rows.find((r) => r.blog_id === base.otherBlogId)).toMatchObject({ unread_count: 2, last_modified_ts: stored.message!.id, status: 'ACTIVE' });
    const conversation = await t.db.selectFrom('conversations').select('last_modified_ts').where('id', '=', base.conversationId).executeTakeFirstOrThrow();
    expect(conversation.last_modified_ts).toBe(stored.message!.id);
  });

  it('stores one message per key: a second write with the key stores nothing and changes no count', async () => {
    const before = await countIn();
    const first = await storeInConversation(t.db, { ...base, idempotencyKey: 'direct-key' });
    const second = await storeInConversation(t.db, { ...base, idempotencyKey: 'direct-key' });
    expect(first.message).toBeDefined();
    expect(second).toEqual({ blocked: false });
    expect(await countIn()).toBe(before + 1);
    const other = await t.db.selectFrom('conversation_participants').select('unread_count').where('conversation_id', '=', base.conversationId).where('blog_id', '=', base.otherBlogId).executeTakeFirstOrThrow();
    expect(other.unread_count).toBe(3);
  });

  it('writes nothing across a block made after the read, either way round', async () => {
    const before = await countIn();
    expectOk(await post(t.app, '/svc/block/add', { tumblelog: bob.name, blocked_tumblelog: ann.name }, asOwner(bob.s)));
    expect(await storeInConversation(t.db, base)).toEqual({ blocked: true });
    expectOk(await post(t.app, '/svc/block/remove', { tumblelog: bob.name, blocked_tumblelog: ann.name }, asOwner(bob.s)));
    expectOk(await post(t.app, '/svc/block/add', { tumblelog: ann.name, blocked_tumblelog: bob.name }, asOwner(ann.s)));
    expect(await storeInConversation(t.db, base)).toEqual({ blocked: true });
    expect(await countIn()).toBe(before);
  });

  it('writes in one statement only when the rules pass, and answers the rows the rules read', async () => {
    const message = { type: 'TEXT' as const, content: JSON.stringify({ text: 'One go', formatting: [] }), postId: null, postBlogId: null, image: null, stickerId: null, context: null, idempotencyKey: 'one-go' };
    expectOk(await post(t.app, '/svc/block/remove', { tumblelog: ann.name, blocked_tumblelog: bob.name }, asOwner(ann.s)));
    const before = await countIn();
    const first = await sendInOneStatement(t.db, base.viewerUserId, ann.uuid, base.conversationId, message);
    expect(first.stored.message).toMatchObject({ sender_blog_id: base.senderBlogId, content: { text: 'One go', formatting: [] }, idempotency_key: 'one-go' });
    expect(first.rows.map((row) => [row.is_acting, row.repeat_id, row.found_conversation_id])).toEqual(expect.arrayContaining([[true, null, base.conversationId], [false, null, base.conversationId]]));
    // The same key again: the rows name the stored message, nothing new is written.
    const again = await sendInOneStatement(t.db, base.viewerUserId, ann.uuid, base.conversationId, message);
    expect(again.stored).toEqual({ blocked: false });
    expect(again.rows.find((row) => row.is_acting)!.repeat_id).toBe(first.stored.message!.id);
    // A blog that takes no messages: refused by the rule, nothing written.
    await t.db.updateTable('blogs').set({ can_receive_messages: false }).where('id', '=', base.otherBlogId).execute();
    const refused = await sendInOneStatement(t.db, base.viewerUserId, ann.uuid, base.conversationId, { ...message, idempotencyKey: null });
    expect(refused.stored).toEqual({ blocked: false });
    expect(refused.rows.find((row) => !row.is_acting)!.can_receive_messages).toBe(false);
    await t.db.updateTable('blogs').set({ can_receive_messages: true }).where('id', '=', base.otherBlogId).execute();
    // Someone else's blog as the acting one: no rows, nothing written.
    const notMine = await sendInOneStatement(t.db, base.viewerUserId, bob.uuid, base.conversationId, { ...message, idempotencyKey: null });
    expect(notMine.rows).toEqual([]);
    expect(await countIn()).toBe(before + 1);
  });
});
