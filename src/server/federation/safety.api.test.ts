// Federation's safety (issue 28): a suspended or deleted blog stops federating and its followers
// elsewhere are told (Delete of the actor, once); a blog blocks an account elsewhere; admins block a
// whole server. Against a stand-in remote account (test/remote-server.ts), signed as Mastodon signs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPages, asOwner, blogOf, createPost, textPost } from '../test/posts';
import { createTestApp, expectError, expectOk, get, post, register, type Session, type TestApp } from '../test/test-app';
import type { BlockedDomainsResponse, KnownServersResponse, RemoteBlock, RemoteBlocksResponse } from '../../shared/federation/types';
import { runOutbox } from './outbox';
import { startRemoteServer, type RemoteServer } from './test/remote-server';

let t: TestApp;
let remote: RemoteServer;
/** A second account elsewhere, that will be gone. */
let bob: RemoteServer;
let admin: Session;
let stopQueue: AbortController;
const ORIGIN = 'http://localhost:3000';
const AP = { accept: 'application/activity+json' };
const MASTODON = ['https://www.w3.org/ns/activitystreams', { sensitive: 'as:sensitive' }];

beforeAll(async () => {
  remote = await startRemoteServer();
  bob = await startRemoteServer('bob');
  t = await createTestApp({}, { FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE_HOSTS: `localhost:3000,${remote.host},${bob.host}` });
  admin = await register(t.app);
  await t.db.updateTable('users').set({ is_admin: true }).where('email', '=', admin.body.response.user.email).execute();
  stopQueue = new AbortController();
  const fed = t.app.federation!;
  void fed.federation.startQueue(fed.data, { signal: stopQueue.signal });
});
afterAll(async () => {
  stopQueue.abort();
  await t.close();
  await remote.close();
  await bob.close();
});

async function actorUri(blog: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/.well-known/webfinger?resource=acct:${blog}@localhost:3000` });
  expect(res.statusCode).toBe(200);
  return (res.json() as { links: { rel: string; href: string }[] }).links.find((link) => link.rel === 'self')!.href;
}

async function deliver(request: Request) {
  const url = new URL(request.url);
  return t.app.inject({ method: 'POST', url: url.pathname, headers: Object.fromEntries(request.headers.entries()), payload: Buffer.from(await request.arrayBuffer()) });
}

/** The stand-in account sends an activity, signed, to our shared inbox. */
async function send(activity: Record<string, unknown>) {
  const body = JSON.stringify({ '@context': MASTODON, actor: remote.actorUri, ...activity });
  return deliver(await remote.sign(new Request(`${ORIGIN}/ap/inbox`, { method: 'POST', headers: { 'content-type': 'application/activity+json' }, body })));
}

const follow = (target: string) => send({ id: `${remote.actorUri}/follows/${Math.random().toString(36).slice(2)}`, type: 'Follow', object: target });

async function until<T>(read: () => Promise<T | undefined | null | false>, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const followersOf = (blog: string) =>
  t.db.selectFrom('remote_followers as f').innerJoin('blogs as b', 'b.id', 'f.blog_id').select('f.actor_id').where('b.name', '=', blog).execute();
const pass = () => runOutbox(t.app.federation!.federation, t.app.federation!.data);
const settle = () => new Promise((resolve) => setTimeout(resolve, 600));
const actorDeletes = (uri: string) => remote.inbox.filter((m) => m.body.type === 'Delete' && m.body.object === uri);

describe('a blog that leaves', () => {
  it('suspended: its followers elsewhere get one Delete of the actor, it answers 404, and again once unsuspended', async () => {
    const owner = await register(t.app);
    const uri = await actorUri(blogOf(owner));
    expect((await follow(uri)).statusCode).toBe(202);
    await until(async () => (await followersOf(blogOf(owner))).length === 1, 'the follow');
    await pass();

    expectOk(await post(t.app, '/suspended/toggle', { tumblelog: blogOf(owner), value: true }, asOwner(admin)));
    expect((await t.app.inject({ method: 'GET', url: new URL(uri).pathname, headers: AP })).statusCode).toBe(404);
    // Two passes at once (two processes): one Delete.
    const passes = await Promise.all([pass(), pass()]);
    expect(passes.reduce((a, b) => a + b, 0)).toBe(1);
    const deleted = await until(async () => actorDeletes(uri)[0], 'the Delete of the actor');
    expect(deleted.body).toMatchObject({ type: 'Delete', actor: uri, object: uri });
    expect(deleted.signature).toBeTruthy();
    expect(deleted.path).toBe('/inbox');
    expect(await followersOf(blogOf(owner))).toEqual([]);
    // Nothing more on the next pass, nor after a post.
    await createPost(t.app, owner, textPost('While suspended'));
    expect(await pass()).toBe(0);
    await settle();
    expect(actorDeletes(uri)).toHaveLength(1);
    // A Follow of a suspended blog is not taken.
    expect((await follow(uri)).statusCode).toBe(202);
    await settle();
    expect(await followersOf(blogOf(owner))).toEqual([]);

    // Unsuspended: the actor answers again; nothing is sent.
    expectOk(await post(t.app, '/suspended/toggle', { tumblelog: blogOf(owner), value: false }, asOwner(admin)));
    expect((await t.app.inject({ method: 'GET', url: new URL(uri).pathname, headers: AP })).statusCode).toBe(200);
    expect(await pass()).toBe(0);
  });

  it('deleted (the whole account): its followers get the Delete and the actor answers 410 Gone', async () => {
    const owner = await register(t.app);
    const uri = await actorUri(blogOf(owner));
    expect((await follow(uri)).statusCode).toBe(202);
    await until(async () => (await followersOf(blogOf(owner))).length === 1, 'the follow');
    expectOk(await post(t.app, '/svc/account/delete', { password: 'correct horse battery' }, asOwner(owner)));
    expect(await pass()).toBe(1);
    await until(async () => actorDeletes(uri)[0], 'the Delete of the actor');
    const gone = await t.app.inject({ method: 'GET', url: new URL(uri).pathname, headers: AP });
    expect(gone.statusCode).toBe(410);
    expect(await pass()).toBe(0);
  });

  it('an account elsewhere that says it is gone (Delete of itself) leaves: its follows and what it sent go', async () => {
    const owner = await register(t.app);
    const reader = await register(t.app);
    const uri = await actorUri(blogOf(owner));
    expect((await follow(uri)).statusCode).toBe(202);
    await until(async () => (await followersOf(blogOf(owner))).length === 1, 'the follow');
    expectOk(await post(t.app, '/svc/federation/follow', { handle: `@alice@${remote.host}` }, reader));
    expect((await send({ id: `${remote.actorUri}/statuses/gone-1/activity`, type: 'Create', object: { id: `${remote.actorUri}/statuses/gone-1`, type: 'Note', attributedTo: remote.actorUri, content: '<p>soon gone</p>', to: ['https://www.w3.org/ns/activitystreams#Public'] } })).statusCode).toBe(202);
    await until(async () => t.db.selectFrom('remote_posts').select('id').where('uri', '=', `${remote.actorUri}/statuses/gone-1`).executeTakeFirst(), 'the post');

    expect((await send({ id: `${remote.actorUri}#delete`, type: 'Delete', object: remote.actorUri, to: ['https://www.w3.org/ns/activitystreams#Public'] })).statusCode).toBe(202);
    await until(async () => (await followersOf(blogOf(owner))).length === 0, 'the follower to go');
    await until(async () => !(await t.db.selectFrom('remote_posts').select('id').where('uri', '=', `${remote.actorUri}/statuses/gone-1`).executeTakeFirst()), 'the post to go');
    expect(await t.db.selectFrom('remote_follows as f').innerJoin('users as u', 'u.id', 'f.user_id').select('f.actor_id').where('u.email', '=', reader.body.response.user.email).execute()).toEqual([]);
  });
});

describe('an account elsewhere whose key can no longer be fetched', () => {
  /** Bob sends an activity to our shared inbox, signed with his key (or another). */
  async function sendAsBob(activity: Record<string, unknown>, key?: CryptoKey) {
    const body = JSON.stringify({ '@context': MASTODON, actor: bob.actorUri, ...activity });
    return deliver(await bob.sign(new Request(`${ORIGIN}/ap/inbox`, { method: 'POST', headers: { 'content-type': 'application/activity+json' }, body }), key));
  }
  const deleteOfBob = { type: 'Delete', to: ['https://www.w3.org/ns/activitystreams#Public'] };

  it('is forgotten on its Delete of itself only when its own server says it is gone (404 or 410)', async () => {
    const owner = await register(t.app);
    const uri = await actorUri(blogOf(owner));
    expect((await sendAsBob({ id: `${bob.actorUri}/follows/1`, type: 'Follow', object: uri })).statusCode).toBe(202);
    await until(async () => (await followersOf(blogOf(owner))).length === 1, 'the follow');
    const selfDelete = { ...deleteOfBob, id: `${bob.actorUri}#delete`, object: bob.actorUri };
    // Forged while the account still answers: refused, nothing forgotten.
    expect((await sendAsBob(selfDelete, bob.otherKey)).statusCode).toBe(401);
    await settle();
    expect(await followersOf(blogOf(owner))).toHaveLength(1);

    // Gone on its server (410), its key no longer kept here: the Delete is taken, unsigned as it must be.
    bob.setGone(410);
    await t.db.deleteFrom('federation_kv').execute();
    expect((await sendAsBob(selfDelete, bob.otherKey)).statusCode).toBe(202);
    expect(await followersOf(blogOf(owner))).toEqual([]);
    bob.setGone(null);
  });
});

describe('a blog blocks an account elsewhere', () => {
  const handle = () => `@alice@${remote.host}`;
  const since = () => remote.inbox.length;

  it('ends its follow both ways, refuses its next Follow, delivers it nothing, drops its reactions; unblocking lifts it', async () => {
    const owner = await register(t.app);
    const blog = blogOf(owner);
    const uri = await actorUri(blog);
    expect((await follow(uri)).statusCode).toBe(202);
    await until(async () => (await followersOf(blog)).length === 1, 'the follow');
    const mine = await createPost(t.app, owner, textPost('Liked from afar'));
    const object = `${ORIGIN}/ap/notes/${mine.id}`;
    expect((await send({ id: `${remote.actorUri}#likes/b1`, type: 'Like', object })).statusCode).toBe(202);
    const notes = () => t.db.selectFrom('remote_notes').select('id').where('post_id', '=', mine.id).execute();
    await until(async () => (await notes()).length === 1, 'the like');
    // The owner follows the account too: its post is on their dashboard.
    expectOk(await post(t.app, '/svc/federation/follow', { handle: handle() }, owner));
    expect((await send({ id: `${remote.actorUri}/statuses/blk-1/activity`, type: 'Create', object: { id: `${remote.actorUri}/statuses/blk-1`, type: 'Note', attributedTo: remote.actorUri, content: '<p>from alice</p>', published: new Date().toISOString(), to: ['https://www.w3.org/ns/activitystreams#Public'] } })).statusCode).toBe(202);
    await until(async () => (await allPages(t.app, 'dashboard', owner)).some((p) => p.remote), 'the remote post on the dashboard');

    const before = since();
    const blocked = expectOk<{ block: RemoteBlock }>(await post(t.app, '/svc/federation/block', { tumblelog: blog, handle: handle() }, asOwner(owner)));
    expect(blocked.block).toMatchObject({ handle: `alice@${remote.host}`, name: 'Alice Remote' });
    expect(await followersOf(blog)).toEqual([]);
    expect(await notes()).toEqual([]);
    // The owner's follow of it ended (Undo sent), and its posts left their dashboard.
    await until(async () => remote.inbox.slice(before).find((m) => m.body.type === 'Undo'), 'the Undo of the follow');
    expect((await allPages(t.app, 'dashboard', owner)).some((p) => p.remote)).toBe(false);
    expectError(await post(t.app, '/svc/federation/follow', { handle: handle() }, owner), 403, `Your blog ${blog} blocks that account: unblock it first to follow it.`);
    expect(expectOk<RemoteBlocksResponse>(await get(t.app, `/svc/federation/blocks?tumblelog=${blog}`, owner)).blocks.map((b) => b.handle)).toEqual([`alice@${remote.host}`]);

    // Its next Follow is refused (Reject), its next like dropped.
    expect((await follow(uri)).statusCode).toBe(202);
    await until(async () => remote.inbox.slice(before).find((m) => m.body.type === 'Reject'), 'the Reject');
    expect(await followersOf(blog)).toEqual([]);
    expect((await send({ id: `${remote.actorUri}#likes/b2`, type: 'Like', object })).statusCode).toBe(202);
    expect((await send({ id: `${remote.actorUri}/statuses/b3/activity`, type: 'Announce', object, to: ['https://www.w3.org/ns/activitystreams#Public'] })).statusCode).toBe(202);
    await settle();
    expect(await notes()).toEqual([]);

    // Even a follower row left from before (a Follow racing the block) gets nothing of the blog.
    const blogRow = await t.db.selectFrom('blogs').select('id').where('name', '=', blog).executeTakeFirstOrThrow();
    const alice = await t.db.selectFrom('remote_actors').select('id').where('uri', '=', remote.actorUri).executeTakeFirstOrThrow();
    await t.db.insertInto('remote_followers').values({ blog_id: blogRow.id, actor_id: alice.id }).execute();
    // The followers collection neither lists nor counts it.
    const collection = (await t.app.inject({ method: 'GET', url: `${new URL(uri).pathname}/followers`, headers: AP })).json() as { totalItems: number };
    expect(collection.totalItems).toBe(0);
    const firstPage = (await t.app.inject({ method: 'GET', url: `${new URL(uri).pathname}/followers?cursor=0`, headers: AP })).json() as { orderedItems?: unknown };
    expect([firstPage.orderedItems ?? []].flat()).toEqual([]);
    const hidden = await createPost(t.app, owner, textPost('Not for alice'));
    await pass();
    await settle();
    expect(remote.inbox.filter((m) => m.body.type === 'Create' && (m.body.object as { id: string }).id.endsWith(`/${hidden.id}`))).toEqual([]);
    await t.db.deleteFrom('remote_followers').where('blog_id', '=', blogRow.id).execute();

    // Lifted: it may follow again.
    expectOk(await post(t.app, '/svc/federation/unblock', { tumblelog: blog, handle: handle() }, asOwner(owner)));
    expect(expectOk<RemoteBlocksResponse>(await get(t.app, `/svc/federation/blocks?tumblelog=${blog}`, owner)).blocks).toEqual([]);
    expect((await follow(uri)).statusCode).toBe(202);
    await until(async () => (await followersOf(blog)).length === 1, 'the follow after the unblock');
    await t.db.deleteFrom('remote_followers').where('blog_id', '=', blogRow.id).execute();
  });

  it('only from one of your own blogs, and with a handle', async () => {
    const owner = await register(t.app);
    const other = await register(t.app);
    expectError(await post(t.app, '/svc/federation/block', { tumblelog: blogOf(other), handle: handle() }, asOwner(owner)), 403, `You can only manage blocks of your own blogs, and "${blogOf(other)}" is not one of them.`);
    expectError(await post(t.app, '/svc/federation/block', { tumblelog: blogOf(owner), handle: 'nobody' }, asOwner(owner)), 400, 'Type a fediverse handle such as @name@example.social.');
    expectError(await post(t.app, '/svc/federation/block', { handle: handle() }, asOwner(owner)), 400, 'Say which of your blogs: tumblelog is missing.');
  });
});

describe('an admin blocks a server', () => {
  const host = () => remote.host.split(':')[0]!;
  const servers = async () => expectOk<KnownServersResponse>(await get(t.app, '/svc/admin/federation/servers', admin)).servers;

  it('lists what arrived from each server; a block refuses its deliveries, removes what it sent, delivers it nothing; lifting it lets it back', async () => {
    const owner = await register(t.app);
    const blog = blogOf(owner);
    const uri = await actorUri(blog);
    expect((await follow(uri)).statusCode).toBe(202);
    await until(async () => (await followersOf(blog)).length === 1, 'the follow');
    const reader = await register(t.app);
    expectOk(await post(t.app, '/svc/federation/follow', { handle: `@alice@${remote.host}` }, reader));
    expect((await send({ id: `${remote.actorUri}/statuses/dom-1/activity`, type: 'Create', object: { id: `${remote.actorUri}/statuses/dom-1`, type: 'Note', attributedTo: remote.actorUri, content: '<p>from a server</p>', published: new Date().toISOString(), to: ['https://www.w3.org/ns/activitystreams#Public'] } })).statusCode).toBe(202);
    const kept = () => t.db.selectFrom('remote_posts').select('id').where('uri', '=', `${remote.actorUri}/statuses/dom-1`).executeTakeFirst();
    await until(kept, 'the post');

    const seen = (await servers()).find((s) => s.host === host());
    // Two accounts there: alice and bob (the stand-ins share 127.0.0.1).
    expect(seen).toMatchObject({ accounts: 2, followers: 1, follows: 1, blocked: false });
    expect(seen!.posts).toBeGreaterThanOrEqual(1);
    expect(Date.parse(seen!.last_activity)).toBeGreaterThan(Date.now() - 60_000);

    const blocked = expectOk<BlockedDomainsResponse>(await post(t.app, '/svc/admin/federation/domains', { domain: host().toUpperCase() }, asOwner(admin)));
    expect(blocked.domains.map((d) => d.domain)).toEqual([host()]);
    expect(expectOk<BlockedDomainsResponse>(await get(t.app, '/svc/admin/federation/domains', admin)).domains.map((d) => d.domain)).toEqual([host()]);
    // What it sent is gone: its follows, our follows of it, its posts.
    expect(await followersOf(blog)).toEqual([]);
    expect(await kept()).toBeUndefined();
    expect((await allPages(t.app, 'dashboard', reader)).some((p) => p.remote)).toBe(false);
    expect((await servers()).find((s) => s.host === host())).toMatchObject({ accounts: 2, followers: 0, follows: 0, posts: 0, blocked: true });

    // Its deliveries are refused at the door, saying why.
    const refused = await follow(uri);
    expect(refused.statusCode).toBe(403);
    expect((refused.json() as { meta: { msg: string } }).meta.msg).toBe(`This site does not accept deliveries from ${host()}.`);
    // Its accounts cannot be looked up or followed.
    expectError(await get(t.app, `/svc/federation/lookup?q=${encodeURIComponent(`@alice@${remote.host}`)}`, reader), 403, `This site does not federate with ${host()}: an admin blocked that server.`);
    // Nothing is delivered to it, even to a follower row from before.
    const blogRow = await t.db.selectFrom('blogs').select('id').where('name', '=', blog).executeTakeFirstOrThrow();
    const alice = await t.db.selectFrom('remote_actors').select('id').where('uri', '=', remote.actorUri).executeTakeFirstOrThrow();
    await t.db.insertInto('remote_followers').values({ blog_id: blogRow.id, actor_id: alice.id }).execute();
    const hidden = await createPost(t.app, owner, textPost('Not for that server'));
    await pass();
    await settle();
    expect(remote.inbox.filter((m) => m.body.type === 'Create' && (m.body.object as { id: string }).id.endsWith(`/${hidden.id}`))).toEqual([]);
    await t.db.deleteFrom('remote_followers').where('blog_id', '=', blogRow.id).execute();

    // Lifted: its deliveries are taken again.
    expect(expectOk<BlockedDomainsResponse>(await post(t.app, '/svc/admin/federation/domains/remove', { domain: host() }, asOwner(admin))).domains).toEqual([]);
    expect((await follow(uri)).statusCode).toBe(202);
    await until(async () => (await followersOf(blog)).length === 1, 'the follow after the block is lifted');
    await t.db.deleteFrom('remote_followers').where('blog_id', '=', blogRow.id).execute();
  });

  it('says what a host name looks like, and that this site is not one to block', async () => {
    for (const domain of ['https://example.social', 'example.social/path', 'exa mple.social', '', '-bad.example']) {
      expectError(await post(t.app, '/svc/admin/federation/domains', { domain }, asOwner(admin)), 400, "Type a server's host name, such as example.social (no https://, port or path).");
    }
    expectError(await post(t.app, '/svc/admin/federation/domains', { domain: 'localhost' }, asOwner(admin)), 400, 'That is this site: it cannot block itself.');
    expectError(await post(t.app, '/svc/admin/federation/domains', { domain: 'example.social' }, asOwner(await register(t.app))), 403);
  });

  it('drops a delivery to a blocked server that was queued before the block', async () => {
    // This test drives the queue by hand: the background one stops.
    stopQueue.abort();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const queue = t.app.federation!.queue;
    expectOk(await post(t.app, '/svc/admin/federation/domains', { domain: 'blocked.example' }, asOwner(admin)));
    await queue.enqueueMany([
      { type: 'outbox', inbox: 'https://social.blocked.example/inbox', marker: 'blocked' },
      { type: 'outbox', inbox: 'https://open.example/inbox', marker: 'open' },
    ]);
    const handled: unknown[] = [];
    await queue.runDue((message) => {
      handled.push((message as { marker: string }).marker);
    });
    expect(handled).toEqual(['open']);
    expectOk(await post(t.app, '/svc/admin/federation/domains/remove', { domain: 'blocked.example' }, asOwner(admin)));
  });
});
