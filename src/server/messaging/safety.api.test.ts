// Safety in messaging (issue 12; spec 2 §6): blur per viewer and unblur on every device, the spam
// rule and spam flag (block + report + gone from the reporter's inbox only), deleting one message
// for one side, reporting a message for admins, GIF messages and the intro card's data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationView, ConversationWithMessages } from '../../shared/messaging/api';
import type { UploadedMedia } from '../media/views';
import { animatedGif, upload } from '../media/test-files';
import { asOwner, createPost } from '../test/posts';
import { createTestApp, expectError, expectOk, get, post, register, type Session, type TestApp } from '../test/test-app';
import { form, inbox, messagesOf, person, poll, sendIn, sendTo, sent, type Person } from './test-kit';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await register(t.app);
  await t.db.updateTable('users').set({ is_admin: true }).where('email', '=', admin.body.response.user.email).execute();
});
afterAll(() => t.close());

const follow = (p: Person, blog: Person) => post(t.app, '/svc/follow', { tumblelog: blog.name }, asOwner(p.s));
const flag = (p: Person, conversationId: string, type: string, extra: Record<string, string> = {}) =>
  post(t.app, '/svc/conversations/flag', form({ participant: p.uuid, conversation_id: conversationId, type, ...extra }), asOwner(p.s));
const conversationOf = async (p: Person, id: string) =>
  expectOk<ConversationView>(await get(t.app, `/svc/conversations/conversation?participant=${p.uuid}&conversation_id=${id}`, asOwner(p.s)));
const pageOf = async (p: Person, id: string) => expectOk<ConversationWithMessages>(await messagesOf(t.app, p, id));
interface MessageReport {
  id: string;
  kind: string;
  excerpt: string;
  message_id: string | null;
  reporter: { blog_name: string };
  reported: { name: string };
}
const adminReports = async () => expectOk<{ reports: MessageReport[] }>(await get(t.app, '/svc/admin/message_reports', asOwner(admin))).reports;

describe('blur', () => {
  it("blurs the other blog's images while the viewer does not follow it; unblur holds on every device", async () => {
    const [ann, bob] = [await person(t), await person(t)];
    const { id } = await sent(await sendTo(t.app, ann, bob, 'hello'));
    expect((await conversationOf(bob, id)).is_blurred_images).toBe(true);
    expectOk(await follow(ann, bob));
    expect((await conversationOf(ann, id)).is_blurred_images).toBe(false);
    expect(expectOk<{ is_blurred_images: boolean }>(await flag(bob, id, 'unblur')).is_blurred_images).toBe(false);
    // Stored on the server for the blog: every call (so every device) reads it.
    expect((await inbox(t.app, bob)).conversations.find((c) => c.id === id)!.is_blurred_images).toBe(false);
    expect((await pageOf(bob, id)).is_blurred_images).toBe(false);
    // ann's side is hers alone: she follows bob, and bob's unblur changed nothing for her.
    expect((await conversationOf(ann, id)).is_blurred_images).toBe(false);
  });

  it('refuses another person, a stranger conversation and a bad type', async () => {
    const [ann, bob, eve] = [await person(t), await person(t), await person(t)];
    const { id } = await sent(await sendTo(t.app, ann, bob, 'hello'));
    expectError(await flag(eve, id, 'unblur'), 404);
    expectError(await post(t.app, '/svc/conversations/flag', form({ participant: ann.uuid, conversation_id: id, type: 'unblur' }), asOwner(eve.s)), 403);
    expectError(await flag(bob, id, 'nuke'), 400, 'type must be unblur or spam.');
  });
});

describe('the spam rule', () => {
  it('marks the recipient side of a first message with a link from a blog they do not follow; not the sender, not a follower', async () => {
    const [ann, bob, carl] = [await person(t), await person(t), await person(t)];
    const { id } = await sent(await sendTo(t.app, ann, bob, 'win a prize at https://example.com/x'));
    expect((await conversationOf(bob, id)).is_possible_spam).toBe(true);
    expect((await conversationOf(ann, id)).is_possible_spam).toBe(false);
    expectOk(await follow(carl, ann));
    const other = await sent(await sendTo(t.app, ann, carl, 'see www.example.com'));
    expect((await conversationOf(carl, other.id)).is_possible_spam).toBe(false);
    const plain = await sent(await sendTo(t.app, carl, bob, 'just saying hi'));
    expect((await conversationOf(bob, plain.id)).is_possible_spam).toBe(false);
  });

  it('marks a stranger-recipient side once the sender started more than 10 conversations today', async () => {
    const ann = await person(t);
    const people = [];
    for (let i = 0; i < 11; i++) people.push(await person(t));
    const flags = [];
    for (const p of people) {
      const { id } = await sent(await sendTo(t.app, ann, p, 'hi, nice blog'));
      flags.push((await conversationOf(p, id)).is_possible_spam);
    }
    expect(flags).toEqual([...Array(10).fill(false), true]);
  });
});

describe('marking spam', () => {
  it('blocks the sender, files a report admins see, and empties the conversation for the reporter only', async () => {
    const [ann, bob] = [await person(t), await person(t)];
    const { id } = await sent(await sendTo(t.app, ann, bob, 'buy now http://spam.example'));
    const answer = expectOk<{ is_spam: boolean; blocked_tumblelog: string }>(await flag(bob, id, 'spam'));
    expect(answer).toMatchObject({ is_spam: true, blocked_tumblelog: ann.name });
    expect((await inbox(t.app, bob)).conversations.map((c) => c.id)).not.toContain(id);
    // The block: the spammer can no longer message the reporter, and the block shows in the block list.
    const refused = await sendTo(t.app, ann, bob, 'again?');
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    const blocks = await t.db.selectFrom('blocks').selectAll().execute();
    expect(blocks.some((b) => b.context === 'messaging-spam-inline')).toBe(true);
    const report = (await adminReports()).find((r) => r.kind === 'spam' && r.reported.name === ann.name)!;
    expect(report).toMatchObject({ reporter: { blog_name: bob.name }, excerpt: 'buy now http://spam.example' });
    expectOk(await post(t.app, '/svc/admin/message_reports/resolve', { id: report.id }, asOwner(admin)));
    expect((await adminReports()).map((r) => r.id)).not.toContain(report.id);
    // The spammer's own history stays (hidden from them by the block as every blocked conversation).
    const rows = await t.db.selectFrom('conversation_participants').selectAll().where('conversation_id', '=', id).execute();
    const annRow = rows.find((r) => r.deleted_at === null)!;
    expect(annRow.deleted_ts).toBe('0');
  });

  it('two spam flags at once store one report and one block', async () => {
    const [ann, bob] = [await person(t), await person(t)];
    const { id } = await sent(await sendTo(t.app, ann, bob, 'hello there'));
    const answers = await Promise.all([flag(bob, id, 'spam'), flag(bob, id, 'spam'), flag(bob, id, 'spam')]);
    for (const res of answers) expect([200, 404]).toContain(res.statusCode);
    expect(answers.some((res) => res.statusCode === 200)).toBe(true);
    const reports = await t.db.selectFrom('message_reports').selectAll().where('conversation_id', '=', id).execute();
    expect(reports).toHaveLength(1);
    const bobBlog = await t.db.selectFrom('blogs').select('id').where('uuid', '=', bob.uuid).executeTakeFirstOrThrow();
    expect(await t.db.selectFrom('blocks').selectAll().where('blocker_blog_id', '=', bobBlog.id).execute()).toHaveLength(1);
  });

  it('is for participants only; a non-admin cannot list message reports', async () => {
    const [ann, bob, eve] = [await person(t), await person(t), await person(t)];
    const { id } = await sent(await sendTo(t.app, ann, bob, 'hello'));
    expectError(await flag(eve, id, 'spam'), 404);
    expect((await get(t.app, '/svc/admin/message_reports', asOwner(eve.s))).statusCode).toBe(403);
    expect(await t.db.selectFrom('blocks').selectAll().where('blocker_blog_id', 'in', t.db.selectFrom('blogs').select('id').where('uuid', '=', eve.uuid)).execute()).toEqual([]);
  });
});

describe('deleting and reporting one message', () => {
  it('deletes a message for the deleting side only', async () => {
    const [ann, bob] = [await person(t), await person(t)];
    const first = await sent(await sendTo(t.app, ann, bob, 'one'));
    const second = await sent(await sendIn(t.app, ann, first.id, 'two'));
    const target = first.messages.data[0]!.ts;
    const del = (p: Person) =>
      t.app.inject({ method: 'DELETE', url: `/svc/conversations/messages/${target}?conversation_id=${first.id}&participant=${p.uuid}`, headers: { cookie: p.s.cookie, 'x-form-key': p.s.formKey } });
    expect(expectOk<{ is_deleted: boolean }>(await del(bob)).is_deleted).toBe(true);
    expect((await pageOf(bob, first.id)).messages.data.map((m) => m.content.text)).toEqual(['two']);
    expect((await pageOf(ann, first.id)).messages.data.map((m) => m.content.text)).toEqual(['one', 'two']);
    expectError(await del(bob), 404, 'There is no such message in this conversation.');
    // Deleting the newest one also takes it out of bob's inbox line (ann's keeps it).
    const newest = second.messages.data[0]!.ts;
    expectOk(await t.app.inject({ method: 'DELETE', url: `/svc/conversations/messages/${newest}?conversation_id=${first.id}&participant=${bob.uuid}`, headers: { cookie: bob.s.cookie, 'x-form-key': bob.s.formKey } }));
    expect((await inbox(t.app, bob)).conversations.find((c) => c.id === first.id)!.last_message).toBeNull();
    expect((await inbox(t.app, ann)).conversations.find((c) => c.id === first.id)!.last_message!.content.text).toBe('two');
    const eve = await person(t);
    expectError(await del(eve), 404);
    expect(second.id).toBe(first.id);
  });

  it('deleting an unread message lowers the unread count (poll and inbox) once, even in a burst; a read or own message does not', async () => {
    const [ann, bob] = [await person(t), await person(t)];
    const first = await sent(await sendTo(t.app, ann, bob, 'one'));
    const two = await sent(await sendIn(t.app, ann, first.id, 'two'));
    const three = await sent(await sendIn(t.app, ann, first.id, 'three'));
    const del = (p: Person, ts: string) =>
      t.app.inject({ method: 'DELETE', url: `/svc/conversations/messages/${ts}?conversation_id=${first.id}&participant=${p.uuid}`, headers: { cookie: p.s.cookie, 'x-form-key': p.s.formKey } });
    const unreadOfBob = async () => (await poll(t.app, bob)).unread_messages?.[bob.uuid]?.[first.id] ?? 0;
    const inboxCount = async () => (await inbox(t.app, bob)).conversations.find((c) => c.id === first.id)!.unread_messages_count;
    expect(await unreadOfBob()).toBe(3);
    // Five deletes of one message at once: hidden once, counted down once.
    const burst = await Promise.all(Array.from({ length: 5 }, () => del(bob, two.messages.data[0]!.ts)));
    expect(burst.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    for (const r of burst) expect([200, 404]).toContain(r.statusCode);
    expect(await unreadOfBob()).toBe(2);
    expect(await inboxCount()).toBe(2);
    expect(expectOk<{ unread_messages_count?: number }>(await del(bob, three.messages.data[0]!.ts)).unread_messages_count).toBe(1);
    expect(await unreadOfBob()).toBe(1);
    // The sender deleting her own copy changes nothing for bob.
    expectOk(await del(ann, first.messages.data[0]!.ts));
    expect(await unreadOfBob()).toBe(1);
    // Once read, deleting the rest leaves the count at 0 (never below).
    await pageOf(bob, first.id);
    expect(await unreadOfBob()).toBe(0);
    expect(expectOk<{ unread_messages_count?: number }>(await del(bob, first.messages.data[0]!.ts)).unread_messages_count).toBeUndefined();
    expect(await inboxCount()).toBe(0);
  });

  it("reports the other blog's message for admins; not one's own; twice stores one", async () => {
    const [ann, bob] = [await person(t), await person(t)];
    const { id, messages } = await sent(await sendTo(t.app, ann, bob, 'rude words'));
    const ts = messages.data[0]!.ts;
    const report = (p: Person) => post(t.app, '/svc/conversations/report', form({ participant: p.uuid, conversation_id: id, message_id: ts }), asOwner(p.s));
    expect(expectOk<{ is_reported: boolean }>(await report(bob)).is_reported).toBe(true);
    expectOk(await report(bob));
    expectError(await report(ann), 400, "You can't report your own message.");
    const mine = (await adminReports()).filter((r) => r.message_id === ts);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: 'message', excerpt: 'rude words', reporter: { blog_name: bob.name }, reported: { name: ann.name } });
    expectError(await post(t.app, '/svc/conversations/report', form({ participant: bob.uuid, conversation_id: id, message_id: '99999999999999999999' }), asOwner(bob.s)), 400);
  });
});

describe('GIF messages', () => {
  it('sends a GIF of a public post (postId and postBlogUuid required); refuses an address not in the post', async () => {
    const [ann, bob] = [await person(t), await person(t)];
    // A GIF uploaded here: a message shows only files the site serves (gif-messages.api.test.ts).
    const gifUrl = (expectOk<UploadedMedia[]>(await upload(t.app, asOwner(bob.s), { data: await animatedGif(3), filename: 'dance.gif' })))[0]!.url;
    const gif = await createPost(t.app, bob.s, { 'post[type]': 'photo', 'images[o1]': gifUrl, 'post[tags]': 'dance' });
    const base = { participant: ann.uuid, 'participants[]': [ann.uuid, bob.uuid], type: 'IMAGE', context: 'messaging-gif' };
    const send = (extra: Record<string, string>) => post(t.app, '/svc/conversations/messages', form({ ...base, ...extra }), asOwner(ann.s));
    const answer = await sent(await send({ 'post[id]': gif.id, 'post[blog_uuid]': bob.uuid, image_url: gifUrl }));
    expect(answer.messages.data[0]).toMatchObject({ type: 'IMAGE', images: [{ original_size: { url: gifUrl } }], context: 'messaging-gif' });
    expectError(await send({ 'post[id]': gif.id, image_url: gifUrl }), 400, 'Say whose post the GIF comes from: post[blog_uuid] is missing.');
    expectError(await send({ 'post[blog_uuid]': bob.uuid, image_url: gifUrl }), 400, 'Say which post the GIF comes from: post[id] is missing.');
    expectError(await send({ 'post[id]': gif.id, 'post[blog_uuid]': bob.uuid, image_url: 'https://evil.example/x.gif' }), 400, 'That GIF is not in this post: send image_url from the GIF search result.');
    expectError(await send({ 'post[id]': gif.id, 'post[blog_uuid]': ann.uuid, image_url: gifUrl }), 404);
  });
});

describe('the intro card', () => {
  it('participant_suggestions with include_tags gives each favorite its top two tags (the new empty inbox), in one query for the list', async () => {
    const [ann, bob, cy] = [await person(t), await person(t), await person(t)];
    for (const tags of ['cats,art', 'cats,art', 'cats,music']) await createPost(t.app, bob.s, { 'post[type]': 'text', 'post[two]': 'hi', 'post[tags]': tags });
    expectOk(await follow(ann, bob));
    expectOk(await follow(ann, cy));
    const url = `/svc/conversations/participant_suggestions?participant=${ann.uuid}&limit=8&include_recent=true&include_tags=true`;
    const answer = expectOk<{ blogs: { name: string; blog_tags?: string[] }[] }>(await get(t.app, url, asOwner(ann.s)));
    expect(answer.blogs.map((b) => [b.name, b.blog_tags])).toEqual([[cy.name, []], [bob.name, ['cats', 'art']]]);
    const plain = expectOk<{ blogs: { blog_tags?: string[] }[] }>(await get(t.app, url.replace('&include_tags=true', ''), asOwner(ann.s)));
    expect(plain.blogs.every((b) => b.blog_tags === undefined)).toBe(true);
    expectError(await get(t.app, url.replace('include_tags=true', 'include_tags=lots'), asOwner(ann.s)), 400, 'include_tags must be true or false.');
  });

  it('participant_info carries the top two tags and how long each follow has lasted', async () => {
    const [ann, bob] = [await person(t), await person(t)];
    for (const tags of ['cats,art', 'cats,art', 'cats,music']) await createPost(t.app, bob.s, { 'post[type]': 'text', 'post[two]': 'hi', 'post[tags]': tags });
    const info = async () =>
      expectOk<{ blog_tags: string[]; duration_blog_following_you: number | null; duration_following_blog: number | null }>(
        await get(t.app, `/svc/conversations/participant_info?participant=${ann.uuid}&q=${bob.uuid}`, asOwner(ann.s)),
      );
    expect(await info()).toMatchObject({ blog_tags: ['cats', 'art'], duration_blog_following_you: null, duration_following_blog: null });
    expectOk(await follow(ann, bob));
    expectOk(await follow(bob, ann));
    const after = await info();
    expect(after.duration_following_blog).toBeGreaterThanOrEqual(0);
    expect(after.duration_blog_following_you).toBeGreaterThanOrEqual(0);
  });
});
