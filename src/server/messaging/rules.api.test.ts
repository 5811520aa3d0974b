import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationsPage } from '../../shared/messaging/api';
import { asOwner, createPost, textPost } from '../test/posts';
import { countRows, createTestApp, expectError, expectOk, get, post, type TestApp } from '../test/test-app';
import { form, inbox, messagesOf, person, poll, sendIn, sendTo, sent, type Person } from './test-kit';

let t: TestApp;
beforeAll(async () => {
  // A low daily limit, so the 429 is reached in a few sends.
  t = await createTestApp({}, { LIMIT_NEW_CONVERSATIONS_PER_DAY: '3' });
});
afterAll(() => t.close());

const settings = (p: Person, fields: Record<string, unknown>) => post(t.app, `/svc/blog/${p.name}/settings`, fields, asOwner(p.s));
const follow = (p: Person, blog: Person) => post(t.app, '/svc/follow', { tumblelog: blog.name }, asOwner(p.s));
const messageCount = async () => Number((await t.db.selectFrom('messages').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

describe('who may send', () => {
  it('needs a verified email: 403, 7001, with the spec text', async () => {
    const ann = await person(t, false);
    const bob = await person(t);
    const body = expectError(await sendTo(t.app, ann, bob, 'Hi'), 403, 'Please verify your email address before talking to a Tumblr.');
    expect(body.errors![0]!.code).toBe(7001);
  });

  it("refuses a blog that turned messages off (7002), and says can_send false in the conversation", async () => {
    const ann = await person(t);
    const bob = await person(t);
    const { id } = await sent(await sendTo(t.app, ann, bob, 'Before'));
    expectOk(await settings(bob, { can_receive_messages: false }));
    const body = expectError(await sendIn(t.app, ann, id, 'After'), 403, "This Tumblr can't receive messages.");
    expect(body.errors![0]!.code).toBe(7002);
    expect((await inbox(t.app, ann)).conversations[0]).toMatchObject({ id, can_send: false });
    const info = expectOk<{ can_receive_messages: boolean }>(await get(t.app, `/svc/conversations/participant_info?participant=${ann.uuid}&q=${bob.uuid}`, asOwner(ann.s)));
    expect(info.can_receive_messages).toBe(false);
  });

  it('follow-only: 403, 7003, the exact text naming the blog, until the owner follows the sender', async () => {
    const ann = await person(t);
    const bob = await person(t);
    expectOk(await settings(bob, { messages_from_followed_only: true }));
    const body = expectError(await sendTo(t.app, ann, bob, 'Hi'), 403, `Sorry, ${bob.name} only allows messages from Tumblrs they follow.`);
    expect(body.errors![0]!.code).toBe(7003);
    expectOk(await follow(bob, ann));
    await sent(await sendTo(t.app, ann, bob, 'Hi'));
  });

  it('a follow-only sender starting a conversation with a blog it does not follow: 409, 7005', async () => {
    const ann = await person(t);
    const bob = await person(t);
    expectOk(await settings(ann, { messages_from_followed_only: true }));
    const body = expectError(await sendTo(t.app, ann, bob, 'Hi'), 409, 'You can only send messages to Tumblrs you follow.');
    expect(body.errors![0]!.code).toBe(7005);
    expectOk(await follow(ann, bob));
    await sent(await sendTo(t.app, ann, bob, 'Hi'));
  });

  it('caps new conversations per day: 429 with the spec text and Retry-After; existing ones go on', async () => {
    const ann = await person(t);
    const others = await Promise.all([person(t), person(t), person(t), person(t)]);
    const first = await sent(await sendTo(t.app, ann, others[0]!, 'One'));
    await sent(await sendTo(t.app, ann, others[1]!, 'Two'));
    await sent(await sendTo(t.app, ann, others[2]!, 'Three'));
    const before = await messageCount();
    const refused = await sendTo(t.app, ann, others[3]!, 'Four');
    const body = expectError(refused, 429, "You've hit the daily limit on new conversations. Impressive.");
    expect(body.errors![0]!.code).toBe(7004);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await messageCount()).toBe(before);
    await sent(await sendIn(t.app, ann, first.id, 'Still here'));
  });

  it('a block refuses sending and hides the conversation from both sides', async () => {
    const ann = await person(t);
    const bob = await person(t);
    const { id } = await sent(await sendTo(t.app, ann, bob, 'Hello'));
    // Bob's counts are now cached; the block must drop them.
    expect(await poll(t.app, bob)).toEqual({ unread_messages: { [bob.uuid]: { [id]: 1 } } });
    expectOk(await post(t.app, '/svc/block/add', { tumblelog: bob.name, blocked_tumblelog: ann.name }, asOwner(bob.s)));
    expectError(await sendTo(t.app, ann, bob, 'Again'), 403);
    expectError(await sendIn(t.app, ann, id, 'Again'), 404);
    expectError(await messagesOf(t.app, ann, id), 404);
    expectError(await messagesOf(t.app, bob, id), 404);
    expect((await inbox(t.app, ann)).conversations).toEqual([]);
    expect((await inbox(t.app, bob)).conversations).toEqual([]);
    expect(await poll(t.app, bob)).toEqual({ unread_messages: {} });
    expectError(await get(t.app, `/svc/conversations/participant_info?participant=${ann.uuid}&q=${bob.uuid}`, asOwner(ann.s)), 404);
    // Unblocked, the conversation and its unread count come back.
    expectOk(await post(t.app, '/svc/block/remove', { tumblelog: bob.name, blocked_tumblelog: ann.name }, asOwner(bob.s)));
    expect(await poll(t.app, bob)).toEqual({ unread_messages: { [bob.uuid]: { [id]: 1 } } });
  });

  it('never lets a blog message its own blogs, nor act from a blog that is not its own', async () => {
    const ann = await person(t);
    const bob = await person(t);
    const second = expectOk<{ blog: { name: string } }>(await post(t.app, '/svc/blog/create', { name: `${ann.name}-2` }, asOwner(ann.s))).blog.name;
    const secondUuid = (await t.db.selectFrom('blogs').select('uuid').where('name', '=', second).executeTakeFirstOrThrow()).uuid;
    expectError(await post(t.app, '/svc/conversations/messages', form({ participant: ann.uuid, 'participants[]': [ann.uuid, secondUuid], message: 'me' }), asOwner(ann.s)), 400, "You can't message your own blog.");
    expectError(await post(t.app, '/svc/conversations/messages', form({ participant: ann.uuid, 'participants[]': [ann.uuid], message: 'me' }), asOwner(ann.s)), 400);
    expectError(await sendTo(t.app, { ...ann, uuid: bob.uuid }, ann, 'as bob'), 403, 'participant must be the uuid of one of your own blogs.');
  });

  it('a third user cannot see or write into a conversation', async () => {
    const ann = await person(t);
    const bob = await person(t);
    const eve = await person(t);
    const { id } = await sent(await sendTo(t.app, ann, bob, 'Private'));
    expectError(await messagesOf(t.app, eve, id), 404);
    expectError(await sendIn(t.app, eve, id, 'Me too'), 404);
    expectError(await get(t.app, `/svc/conversations/conversation?participant=${eve.uuid}&conversation_id=${id}`, asOwner(eve.s)), 404);
    expectError(await t.app.inject({ method: 'DELETE', url: `/svc/conversations/messages?participant=${eve.uuid}&conversation_id=${id}`, headers: { cookie: eve.s.cookie, 'x-form-key': eve.s.formKey } }), 404);
    expect(await poll(t.app, eve)).toEqual({ unread_messages: {} });
  });
});

describe('what a message may say', () => {
  let ann: Person;
  let bob: Person;
  let id: string;
  beforeAll(async () => {
    ann = await person(t);
    bob = await person(t);
    id = (await sent(await sendTo(t.app, ann, bob, 'Start'))).id;
  });

  it('trims text and takes 1 to 4096 characters; refuses empty and longer, changing nothing', async () => {
    const before = await countRows(t.db);
    const count = await messageCount();
    expectError(await sendIn(t.app, ann, id, '   '), 400, 'Write a message first: it is empty.');
    expectError(await sendIn(t.app, ann, id, 'x'.repeat(4097)), 400, 'Messages can be at most 4096 characters long.');
    expect(await countRows(t.db)).toEqual(before);
    expect(await messageCount()).toBe(count);
    const long = await sent(await sendIn(t.app, ann, id, ` ${'y'.repeat(4096)} `));
    expect(long.messages.data[0]!.content.text).toHaveLength(4096);
  });

  it('refuses NUL and lone surrogates, huge ids and bad uuids with a 400', async () => {
    expectError(await sendIn(t.app, ann, id, 'a\u0000b'), 400);
    // As JSON: a form body (URLSearchParams) would turn the lone surrogate into U+FFFD first.
    expectError(await post(t.app, '/svc/conversations/messages', { participant: ann.uuid, conversation_id: id, message: 'a\ud800b' }, asOwner(ann.s)), 400);
    expectError(await sendIn(t.app, ann, '9999999999999999999', 'x'), 400, 'conversation_id is too large to be an id: ids go up to 9223372036854775807.');
    expectError(await messagesOf(t.app, ann, id, '&before=99999999999999999999'), 400);
    expectError(await get(t.app, '/svc/conversations?participant=not-a-uuid', asOwner(ann.s)), 400);
    expectError(await post(t.app, '/svc/conversations/messages', form({ participant: ann.uuid, conversation_id: id, type: 'IMAGE' }), asOwner(ann.s)), 400);
    expectError(await post(t.app, '/svc/conversations/messages', form({ participant: ann.uuid, message: 'to nobody' }), asOwner(ann.s)), 400);
  });

  it('keeps only a known first context segment', async () => {
    const kept = await sent(await sendIn(t.app, ann, id, 'ctx', { context: 'messaging-gif:search:x' }));
    expect(kept.messages.data[0]!.context).toBe('messaging-gif');
    const dropped = await sent(await sendIn(t.app, ann, id, 'ctx', { context: 'somewhere-else' }));
    expect(dropped.messages.data[0]!.context).toBeNull();
  });

  it('sends a post (POSTREF) that reads as disabled once it is gone', async () => {
    const made = await createPost(t.app, bob.s, textPost('A post to share'));
    const answer = await sent(await post(t.app, '/svc/conversations/messages', form({ participant: ann.uuid, conversation_id: id, type: 'POSTREF', 'post[id]': made.id, 'post[blog_uuid]': bob.uuid }), asOwner(ann.s)));
    expect(answer.messages.data[0]).toMatchObject({ type: 'POSTREF', post: { id: made.id, blog_name: bob.name, state: 'published', summary: 'A post to share' } });
    await t.db.deleteFrom('posts').where('id', '=', made.id).execute();
    const page = await sent(await messagesOf(t.app, bob, id));
    expect(page.messages.data.at(-1)).toMatchObject({ type: 'POSTREF', post: { id: made.id, state: 'disabled' } });
    expectError(await post(t.app, '/svc/conversations/messages', form({ participant: ann.uuid, conversation_id: id, type: 'POSTREF', 'post[id]': made.id }), asOwner(ann.s)), 404);
  });
});

describe('pages, reading and deleting', () => {
  it('pages the inbox newest first with _links.next, and messages oldest first with older pages', async () => {
    const ann = await person(t);
    const friends = await Promise.all([person(t), person(t), person(t)]);
    // Three new conversations (the day's limit in this file), then many messages in them.
    const ids: string[] = [];
    for (const friend of friends) ids.push((await sent(await sendTo(t.app, friend, ann, `from ${friend.name}`))).id);
    for (let i = 0; i < 25; i++) await sent(await sendIn(t.app, ann, ids[0]!, `m${i}`));
    const first = await inbox(t.app, ann);
    expect(first.conversations.map((c) => c.id)).toEqual([ids[0], ids[2], ids[1]]);
    expect(first._links.next).toBeUndefined();
    const page = await sent(await messagesOf(t.app, ann, ids[0]!, '&limit=10'));
    expect(page.messages.data.map((m) => m.content.text)).toEqual(Array.from({ length: 10 }, (_, i) => `m${i + 15}`));
    const next = page.messages._links.next!;
    expect(next.query_params.before).toBe(page.messages.data[0]!.ts);
    const older = await sent(await get(t.app, next.href, asOwner(ann.s)));
    expect(older.messages.data.map((m) => m.content.text)).toEqual(Array.from({ length: 10 }, (_, i) => `m${i + 5}`));
    expect(older.messages._links.previous?.query_params.after).toBe(older.messages.data.at(-1)!.ts);
  });

  it('pages the inbox by 10 with a cursor', async () => {
    const ann = await person(t);
    const people = await Promise.all(Array.from({ length: 11 }, () => person(t)));
    for (const p of people) await sent(await sendTo(t.app, p, ann, 'hi'));
    const first = await inbox(t.app, ann);
    expect(first.conversations).toHaveLength(10);
    const next = expectOk<ConversationsPage>(await get(t.app, first._links.next!.href, asOwner(ann.s)));
    expect(next.conversations).toHaveLength(1);
    expect(next._links.next).toBeUndefined();
    // The cursor is the server's own (http/paging.ts): anything else is a 400 that says so.
    for (const before of ['abc', '1_2', '9999999999999999999']) {
      expectError(await get(t.app, `/svc/conversations?participant=${ann.uuid}&before=${before}`, asOwner(ann.s)), 400, 'The before cursor is not one this server gave out.');
    }
  });

  it('marks read with POST /svc/conversations/read, and deletes for one side only', async () => {
    const ann = await person(t);
    const bob = await person(t);
    const { id } = await sent(await sendTo(t.app, ann, bob, 'one'));
    expect(expectOk(await post(t.app, '/svc/conversations/read', { participant: bob.uuid, conversation_id: id }, asOwner(bob.s)))).toMatchObject({ conversation_id: id, unread_messages_count: 0 });
    expect(await poll(t.app, bob)).toEqual({ unread_messages: {} });
    const del = await t.app.inject({ method: 'DELETE', url: `/svc/conversations/messages?participant=${bob.uuid}&conversation_id=${id}`, headers: { cookie: bob.s.cookie, 'x-form-key': bob.s.formKey } });
    expect(expectOk(del)).toEqual({ conversation_id: id, is_deleted: true });
    expect((await inbox(t.app, bob)).conversations).toEqual([]);
    expect((await inbox(t.app, ann)).conversations).toHaveLength(1);
    // A newer message brings it back for Bob, without the deleted history.
    await sent(await sendIn(t.app, ann, id, 'two'));
    expect((await inbox(t.app, bob)).conversations).toHaveLength(1);
    const page = await sent(await messagesOf(t.app, bob, id));
    expect(page.messages.data.map((m) => m.content.text)).toEqual(['two']);
    const annPage = await sent(await messagesOf(t.app, ann, id));
    expect(annPage.messages.data.map((m) => m.content.text)).toEqual(['one', 'two']);
  });

  it('finds a conversation by participants[], and answers 404 when there is none yet', async () => {
    const ann = await person(t);
    const bob = await person(t);
    const url = `/svc/conversations/messages?participant=${ann.uuid}&participants[]=${ann.uuid}&participants[]=${bob.uuid}`;
    expectError(await get(t.app, url, asOwner(ann.s)), 404);
    const { id } = await sent(await sendTo(t.app, ann, bob, 'now'));
    expect((await sent(await get(t.app, url, asOwner(ann.s)))).id).toBe(id);
  });

  it('suggests blogs by name and favorites, never the viewer\'s own or blocked ones', async () => {
    const ann = await person(t);
    const bob = await person(t);
    const carl = await person(t);
    expectOk(await follow(ann, bob));
    expectOk(await follow(ann, carl));
    const byName = expectOk<{ blogs: { name: string }[] }>(await get(t.app, `/svc/conversations/participant_suggestions?participant=${ann.uuid}&q=${bob.name.toUpperCase()}`, asOwner(ann.s)));
    expect(byName.blogs.map((b) => b.name)).toEqual([bob.name]);
    const favorites = expectOk<{ blogs: { name: string }[] }>(await get(t.app, `/svc/conversations/participant_suggestions?participant=${ann.uuid}&limit=8&include_recent=true`, asOwner(ann.s)));
    expect(favorites.blogs.map((b) => b.name)).toEqual([carl.name, bob.name]);
    expectOk(await post(t.app, '/svc/block/add', { tumblelog: ann.name, blocked_tumblelog: carl.name }, asOwner(ann.s)));
    const after = expectOk<{ blogs: { name: string }[] }>(await get(t.app, `/svc/conversations/participant_suggestions?participant=${ann.uuid}&q=${carl.name}`, asOwner(ann.s)));
    expect(after.blogs).toEqual([]);
    const mine = expectOk<{ blogs: { name: string }[] }>(await get(t.app, `/svc/conversations/participant_suggestions?participant=${ann.uuid}&q=${ann.name}`, asOwner(ann.s)));
    expect(mine.blogs).toEqual([]);
  });

  it('flag=post adds the extra suggested recipients: recent conversations, newest first, not favorites, never blocked; one statement and hydration', async () => {
    const [ann, bob, carl, dora, eve] = [await person(t), await person(t), await person(t), await person(t), await person(t)];
    expectOk(await follow(ann, bob));
    await sent(await sendTo(t.app, ann, carl, 'first'));
    await sent(await sendTo(t.app, dora, ann, 'second'));
    await sent(await sendTo(t.app, ann, bob, 'a favorite too'));
    await sent(await sendTo(t.app, ann, eve, 'newest'));
    const url = `/svc/conversations/participant_suggestions?participant=${ann.uuid}&limit=10&include_recent=true&flag=post`;
    const before = t.queryCount();
    const answer = expectOk<{ blogs: { name: string }[]; suggested: { name: string }[] }>(await get(t.app, url, asOwner(ann.s)));
    const statements = t.queryCount() - before;
    expect(answer.blogs.map((b) => b.name)).toEqual([bob.name]);
    expect(answer.suggested.map((b) => b.name)).toEqual([eve.name, dora.name, carl.name]);
    // The session read, the acting blog, the list, the blogs: however many are suggested.
    const again = t.queryCount();
    expectOk(await get(t.app, url.replace('limit=10', 'limit=1'), asOwner(ann.s)));
    expect(t.queryCount() - again).toBe(statements);
    // A block takes eve out; a deleted conversation takes dora out; a search ignores the flag.
    expectOk(await post(t.app, '/svc/block/add', { tumblelog: ann.name, blocked_tumblelog: eve.name }, asOwner(ann.s)));
    const doraConversation = (await inbox(t.app, ann)).conversations.find((c) => c.participants.some((p) => p.name === dora.name))!;
    expectOk(await t.app.inject({ method: 'DELETE', url: `/svc/conversations/messages?conversation_id=${doraConversation.id}&participant=${ann.uuid}`, headers: { cookie: ann.s.cookie, 'x-form-key': ann.s.formKey } }));
    const after = expectOk<{ blogs: { name: string }[]; suggested: { name: string }[] }>(await get(t.app, url, asOwner(ann.s)));
    expect(after.suggested.map((b) => b.name)).toEqual([carl.name]);
    const search = expectOk<{ blogs: { name: string }[]; suggested?: unknown }>(await get(t.app, `${url}&q=${carl.name}`, asOwner(ann.s)));
    expect(search.blogs.map((b) => b.name)).toEqual([carl.name]);
    expect(search.suggested).toBeUndefined();
    // Without the flag, nothing is added; a flag it does not know is refused.
    expect(expectOk<{ suggested?: unknown }>(await get(t.app, url.replace('&flag=post', ''), asOwner(ann.s))).suggested).toBeUndefined();
    expectError(await get(t.app, url.replace('flag=post', 'flag=dm'), asOwner(ann.s)), 400, "flag must be empty or 'post'.");
    // Another person cannot ask as ann's blog.
    expectError(await get(t.app, url, asOwner(bob.s)), 403);
  });
});
