// Federation on one server, against a stand-in remote account (test/remote-server.ts): discovery
// (WebFinger, the actor, NodeInfo), a Mastodon-shaped Follow signed with the remote's own key
// accepted, unsigned and forged ones refused, and a public post going out as Create while
// private ones stay home; a deleted post goes out as Delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { allPages, asOwner, blogOf, createPost, page, savePost, textPost } from '../test/posts';
import { createTestApp, expectError, expectOk, get, post, register, type Session, type TestApp } from '../test/test-app';
import type { RemoteAccount, RemoteTimeline } from '../../shared/federation/types';
import type { ActivityPage } from '../../shared/activity/types';
import type { NotesPage } from '../../shared/notes/types';
import type { SaveResponse } from '../../shared/posts/types';
import { signRequest } from '@fedify/fedify';
import { FEDERATION_ROUTES, INBOX_RULE } from './fedify-routes';
import { runOutbox } from './outbox';
import { startRemoteServer, type RemoteServer } from './test/remote-server';

let t: TestApp;
let remote: RemoteServer;
let me: Session;
let stopQueue: AbortController;
const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  remote = await startRemoteServer();
  t = await createTestApp({}, { FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE_HOSTS: `localhost:3000,${remote.host}` });
  me = await register(t.app);
  stopQueue = new AbortController();
  const fed = t.app.federation!;
  void fed.federation.startQueue(fed.data, { signal: stopQueue.signal });
});
afterAll(async () => {
  stopQueue.abort();
  await t.close();
  await remote.close();
});

const AP = { accept: 'application/activity+json' };

async function actorUri(blog: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/.well-known/webfinger?resource=acct:${blog}@localhost:3000` });
  expect(res.statusCode).toBe(200);
  const self = (res.json() as { links: { rel: string; href: string }[] }).links.find((link) => link.rel === 'self');
  return self!.href;
}

/** Sends a fetch Request to the app (what another server's POST would be). */
async function deliver(request: Request) {
  const url = new URL(request.url);
  return t.app.inject({
    method: request.method as 'POST',
    url: url.pathname + url.search,
    headers: Object.fromEntries(request.headers.entries()),
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

function followOf(target: string, id = `${remote.actorUri}/follows/${Math.random().toString(36).slice(2)}`) {
  const body = JSON.stringify({ '@context': 'https://www.w3.org/ns/activitystreams', id, type: 'Follow', actor: remote.actorUri, object: target });
  return (inbox: string) => new Request(inbox, { method: 'POST', headers: { 'content-type': 'application/activity+json', host: 'localhost:3000' }, body });
}

async function until<T>(read: () => Promise<T | undefined | null | false>, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('the switch', () => {
  it('needs an https PUBLIC_URL unless its host is allowed as private', () => {
    expect(() => readConfig({ FEDERATION: 'on', PUBLIC_URL: 'http://example.com' })).toThrow(/FEDERATION=on needs an https: PUBLIC_URL/);
    expect(readConfig({ FEDERATION: 'on', PUBLIC_URL: 'https://example.com' }).federation.enabled).toBe(true);
    expect(readConfig({ FEDERATION: 'on', PUBLIC_URL: 'http://127.0.0.2:4000', FEDERATION_ALLOW_PRIVATE_HOSTS: '127.0.0.2:4000' }).federation.enabled).toBe(true);
    expect(readConfig({}).federation.enabled).toBe(false);
    expect(() => readConfig({ FEDERATION: 'yes' })).toThrow(/FEDERATION must be on or off/);
    expect(() => readConfig({ FEDERATION_ALLOW_PRIVATE_HOSTS: 'http://x' })).toThrow(/host:port pairs/);
  });

  it('leaves the federation routes out when off', async () => {
    const off = await createTestApp();
    try {
      const res = await off.app.inject({ method: 'GET', url: '/.well-known/webfinger?resource=acct:x@localhost:3000' });
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  }, 120_000);
});

describe('discovery', () => {
  it('finds a blog by WebFinger and answers its actor with a public key', async () => {
    const uri = await actorUri(blogOf(me));
    expect(uri).toMatch(/^http:\/\/localhost:3000\/ap\/blogs\/[0-9a-f-]{36}$/);
    const res = await t.app.inject({ method: 'GET', url: new URL(uri).pathname, headers: AP });
    expect(res.statusCode).toBe(200);
    const actor = res.json() as Record<string, unknown> & { publicKey: { publicKeyPem: string }; endpoints: { sharedInbox: string } };
    expect(actor.type).toBe('Person');
    expect(actor.preferredUsername).toBe(blogOf(me));
    expect(actor.url).toBe(`${ORIGIN}/blog/${blogOf(me)}`);
    expect(actor.inbox).toBe(`${uri}/inbox`);
    expect(actor.followers).toBe(`${uri}/followers`);
    expect(actor.outbox).toBe(`${uri}/outbox`);
    expect(actor.endpoints.sharedInbox).toBe(`${ORIGIN}/ap/inbox`);
    expect(actor.publicKey.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect((actor.icon as { url: string }).url).toContain(`/svc/avatar/${blogOf(me)}/512`);
    // The same keys the second time: kept, not made again.
    const again = (await t.app.inject({ method: 'GET', url: new URL(uri).pathname, headers: AP })).json() as typeof actor;
    expect(again.publicKey.publicKeyPem).toBe(actor.publicKey.publicKeyPem);
  });

  it('knows no unknown blog', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/webfinger?resource=acct:nobody-here@localhost:3000' });
    expect(res.statusCode).toBe(404);
    const actor = await t.app.inject({ method: 'GET', url: '/ap/blogs/00000000-0000-0000-0000-000000000000', headers: AP });
    expect(actor.statusCode).toBe(404);
  });

  it('answers NodeInfo 2.1 with the software and its counts', async () => {
    const links = (await t.app.inject({ method: 'GET', url: '/.well-known/nodeinfo' })).json() as { links: { href: string }[] };
    expect(links.links[0]!.href).toBe(`${ORIGIN}/nodeinfo/2.1`);
    const info = (await t.app.inject({ method: 'GET', url: '/nodeinfo/2.1' })).json() as { software: { name: string; version: string }; protocols: string[]; usage: { users: { total: number } } };
    expect(info.software.name).toBe('tumbleweed');
    expect(info.protocols).toEqual(['activitypub']);
    expect(info.usage.users.total).toBeGreaterThanOrEqual(1);
  });
});

describe('a remote follow', () => {
  it('refuses an unsigned Follow and one signed with a key that is not the actor\'s', async () => {
    const uri = await actorUri(blogOf(me));
    const make = followOf(uri);
    const unsigned = await deliver(make(`${uri}/inbox`));
    expect(unsigned.statusCode).toBe(401);
    const forged = await deliver(await remote.sign(make(`${uri}/inbox`), remote.otherKey));
    expect(forged.statusCode).toBe(401);
    expect(await t.db.selectFrom('remote_followers').selectAll().execute()).toEqual([]);
  });

  it('accepts a signed Mastodon-shaped Follow at once, and a public post then goes out as Create', async () => {
    const uri = await actorUri(blogOf(me));
    const res = await deliver(await remote.sign(followOf(uri)(`${uri}/inbox`)));
    expect(res.statusCode).toBe(202);
    const accept = await until(async () => remote.inbox.find((m) => m.body.type === 'Accept'), 'the Accept');
    expect(accept.body.actor).toBe(uri);
    expect(accept.signature).toBeTruthy();
    const followers = await t.db.selectFrom('remote_followers').selectAll().execute();
    expect(followers).toHaveLength(1);
    const actor = await t.db.selectFrom('remote_actors').selectAll().executeTakeFirstOrThrow();
    expect(actor.handle).toBe(`alice@${remote.host}`);
    expect(actor.summary_html).not.toContain('<script');

    // A private post and a draft stay home; the public one goes out.
    await createPost(t.app, me, { ...textPost('Only mine'), 'post[state]': 'private' });
    await createPost(t.app, me, { ...textPost('Not yet'), 'post[state]': '1' });
    const shared = await createPost(t.app, me, { 'post[type]': 'text', 'post[one]': '', 'post[two]': '<p>Hello <b>fediverse</b><script>x()</script></p>', 'post[tags]': 'cats' });
    // Two servers' passes at once (both find the post before either records it) send it once.
    const passes = await Promise.all([1, 2].map(() => runOutbox(t.app.federation!.federation, t.app.federation!.data)));
    expect(passes[0]! + passes[1]!).toBe(1);
    const create = await until(async () => remote.inbox.find((m) => m.body.type === 'Create'), 'the Create');
    // Delivered to the shared inbox.
    expect(create.path).toBe('/inbox');
    const note = create.body.object as { type: string; id: string; content: string; tag: unknown; url: string };
    expect(note.type).toBe('Note');
    expect(note.id).toBe(`${ORIGIN}/ap/notes/${shared.id}`);
    expect(note.content).toContain('<b>fediverse</b>');
    expect(note.content).not.toContain('script');
    // One tag is compacted to an object, several to a list.
    expect([note.tag].flat()).toEqual([{ type: 'Hashtag', name: '#cats', href: `${ORIGIN}/tagged/cats` }]);
    expect(remote.inbox.filter((m) => m.body.type === 'Create')).toHaveLength(1);
    // The note answers at its address too.
    const fetched = await t.app.inject({ method: 'GET', url: `/ap/notes/${shared.id}`, headers: AP });
    expect(fetched.statusCode).toBe(200);
    // Nothing more to send on the next pass.
    expect(await runOutbox(t.app.federation!.federation, t.app.federation!.data)).toBe(0);

    // Deleted: the followers are told.
    expectOk(await post(t.app, '/svc/post/delete', { post_id: shared.id }, asOwner(me)));
    expect(await runOutbox(t.app.federation!.federation, t.app.federation!.data)).toBe(1);
    const deleted = await until(async () => remote.inbox.find((m) => m.body.type === 'Delete'), 'the Delete');
    expect((deleted.body.object as { id: string }).id).toBe(note.id);
    expect((await t.app.inject({ method: 'GET', url: `/ap/notes/${shared.id}`, headers: AP })).statusCode).toBe(404);
  });

  it('sends an edit as Update once, and a save that changes nothing visible not at all', async () => {
    const owner = await register(t.app);
    const uri = await actorUri(blogOf(owner));
    expect((await deliver(await remote.sign(followOf(uri)(`${uri}/inbox`)))).statusCode).toBe(202);
    await until(async () => (await t.db.selectFrom('remote_followers as f').innerJoin('blogs as b', 'b.id', 'f.blog_id').select('f.actor_id').where('b.name', '=', blogOf(owner)).executeTakeFirst()), 'the follow');
    const shared = await createPost(t.app, owner, textPost('', '<p>First take</p>'));
    const fed = t.app.federation!;
    expect(await runOutbox(fed.federation, fed.data)).toBe(1);
    const noteId = `${ORIGIN}/ap/notes/${shared.id}`;
    const updates = () => remote.inbox.filter((m) => m.body.type === 'Update' && (m.body.object as { id: string }).id === noteId);

    expectOk(await savePost(t.app, owner, { ...textPost('', '<p>Second take</p>'), post_id: shared.id }));
    // Two passes at once send it once; the next pass has nothing.
    const passes = await Promise.all([1, 2].map(() => runOutbox(fed.federation, fed.data)));
    expect(passes[0]! + passes[1]!).toBe(1);
    const update = await until(async () => updates()[0], 'the Update');
    expect(update.body.actor).toBe(uri);
    expect((update.body.object as { content: string; updated: string }).content).toContain('Second take');
    expect((update.body.object as { updated?: string }).updated).toBeTruthy();
    expect(await runOutbox(fed.federation, fed.data)).toBe(0);

    // Saved again as it was: nothing new to tell.
    expectOk(await savePost(t.app, owner, { ...textPost('', '<p>Second take</p>'), post_id: shared.id }));
    await runOutbox(fed.federation, fed.data);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(updates()).toHaveLength(1);
    // The next test counts followers from none.
    await t.db.deleteFrom('remote_followers').execute();
  });

  it('sends a reblog of a post that federates as Announce, and Undo when the reblog goes; a private original stays home', async () => {
    const author = await register(t.app);
    const reblogger = await register(t.app);
    const uri = await actorUri(blogOf(reblogger));
    expect((await deliver(await remote.sign(followOf(uri)(`${uri}/inbox`)))).statusCode).toBe(202);
    await until(async () => (await t.db.selectFrom('remote_followers as f').innerJoin('blogs as b', 'b.id', 'f.blog_id').select('f.actor_id').where('b.name', '=', blogOf(reblogger)).executeTakeFirst()), 'the follow');
    const original = await createPost(t.app, author, textPost('', '<p>Worth passing on</p>'));
    const reblog = expectOk<SaveResponse>(await savePost(t.app, reblogger, { reblog_post_id: original.id, reblog_key: original.reblog_key, 'post[two]': '' })).created_post;
    const fed = t.app.federation!;
    const passes = await Promise.all([1, 2].map(() => runOutbox(fed.federation, fed.data)));
    expect(passes[0]! + passes[1]!).toBe(1);
    const announce = await until(async () => remote.inbox.find((m) => m.body.type === 'Announce'), 'the Announce');
    expect(announce.body).toMatchObject({ actor: uri, object: `${ORIGIN}/ap/notes/${original.id}`, id: `${uri}#announces/${reblog.id}` });
    // Not sent again, and no Create for the reblog itself.
    expect(await runOutbox(fed.federation, fed.data)).toBe(0);
    expect(remote.inbox.filter((m) => m.body.type === 'Create' && (m.body.object as { id: string }).id.endsWith(`/${reblog.id}`))).toEqual([]);

    expectOk(await post(t.app, '/svc/post/delete', { post_id: reblog.id }, asOwner(reblogger)));
    expect(await runOutbox(fed.federation, fed.data)).toBe(1);
    const undo = await until(async () => remote.inbox.find((m) => m.body.type === 'Undo' && (m.body.object as { type?: string }).type === 'Announce'), 'the Undo');
    expect(undo.body.object).toMatchObject({ id: `${uri}#announces/${reblog.id}`, object: `${ORIGIN}/ap/notes/${original.id}` });

    // A reblog of a private post is no reblog others can see: nothing goes.
    const hidden = await createPost(t.app, author, { ...textPost('', '<p>Mine</p>'), 'post[state]': 'private' });
    await savePost(t.app, reblogger, { reblog_post_id: hidden.id, reblog_key: hidden.reblog_key, 'post[two]': '' });
    expect(await runOutbox(fed.federation, fed.data)).toBe(0);
    await t.db.deleteFrom('remote_followers').execute();
  });

  it('ends the follow on Undo', async () => {
    const uri = await actorUri(blogOf(me));
    const id = `${remote.actorUri}/follows/undo-me`;
    await deliver(await remote.sign(followOf(uri, id)(`${uri}/inbox`)));
    const body = JSON.stringify({
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${id}/undo`,
      type: 'Undo',
      actor: remote.actorUri,
      object: { id, type: 'Follow', actor: remote.actorUri, object: uri },
    });
    const res = await deliver(await remote.sign(new Request(`${uri}/inbox`, { method: 'POST', headers: { 'content-type': 'application/activity+json' }, body })));
    expect(res.statusCode).toBe(202);
    await until(async () => (await t.db.selectFrom('remote_followers').selectAll().execute()).length === 0, 'the follow to end');
  });
});

/** The stand-in account sends a Create of a note, signed with its key, to our shared inbox. */
async function remoteCreate(id: string, html: string, published = '2026-11-28T10:00:00Z', extra: Record<string, unknown> = {}) {
  const note = { id: `${remote.actorUri}/statuses/${id}`, type: 'Note', attributedTo: remote.actorUri, content: html, published, to: ['https://www.w3.org/ns/activitystreams#Public'], url: `${remote.actorUri}/statuses/${id}`, ...extra };
  // Mastodon's context: `sensitive` is its extension of ActivityStreams.
  const body = JSON.stringify({ '@context': ['https://www.w3.org/ns/activitystreams', { sensitive: 'as:sensitive' }], id: `${note.id}/activity`, type: 'Create', actor: remote.actorUri, object: note, to: note.to });
  return deliver(await remote.sign(new Request(`${ORIGIN}/ap/inbox`, { method: 'POST', headers: { 'content-type': 'application/activity+json' }, body })));
}

/** Waits for the inbox queue to keep a remote post. */
const kept = (id: string) =>
  until(async () => t.db.selectFrom('remote_posts').select('feed_id').where('uri', '=', `${remote.actorUri}/statuses/${id}`).executeTakeFirst(), `remote post ${id}`);

describe('following an account elsewhere', () => {

  it('finds the account by handle, follows it, shows its posts sanitized, and unfollows', async () => {
    const reader = await register(t.app);
    const handle = `@alice@${remote.host}`;
    const found = expectOk<{ account: RemoteAccount }>(await get(t.app, `/svc/federation/lookup?q=${encodeURIComponent(handle)}`, reader));
    expect(found.account).toMatchObject({ handle: `alice@${remote.host}`, name: 'Alice Remote', following: false });
    expect(found.account.summary_html).not.toContain('script');

    // Before following, its posts are not kept.
    expect((await remoteCreate('0', '<p>before</p>')).statusCode).toBe(202);
    const followed = expectOk<{ account: RemoteAccount }>(await post(t.app, '/svc/federation/follow', { handle }, reader));
    expect(followed.account.following).toBe(true);
    const follow = await until(async () => remote.inbox.find((m) => m.body.type === 'Follow'), 'the Follow');
    expect(follow.body.object).toBe(remote.actorUri);
    expect(follow.signature).toBeTruthy();
    // Following twice sends nothing more.
    expectOk(await post(t.app, '/svc/federation/follow', { handle }, reader));

    expect((await remoteCreate('1', '<p>Hello from <em>elsewhere</em><img src=x onerror=alert(1)><script>bad()</script></p>')).statusCode).toBe(202);
    const timeline = await until(async () => {
      const read = expectOk<RemoteTimeline>(await get(t.app, '/svc/federation/timeline', reader));
      return read.posts.length > 0 ? read : null;
    }, 'the remote post');
    expect(timeline.posts).toHaveLength(1);
    expect(timeline.posts[0]!.content_html).toContain('<i>elsewhere</i>');
    expect(timeline.posts[0]!.content_html).not.toMatch(/onerror|script/);
    expect(timeline.posts[0]!.account.handle).toBe(`alice@${remote.host}`);
    // Another person who follows nobody sees none of it.
    expect(expectOk<RemoteTimeline>(await get(t.app, '/svc/federation/timeline', me)).posts).toEqual([]);
    expect(remote.inbox.filter((m) => m.body.type === 'Follow')).toHaveLength(1);

    expectOk(await post(t.app, '/svc/federation/unfollow', { handle }, reader));
    await until(async () => remote.inbox.find((m) => m.body.type === 'Undo'), 'the Undo');
    expect((await remoteCreate('2', '<p>after</p>')).statusCode).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await t.db.selectFrom('remote_posts').select('uri').where('uri', 'like', '%/statuses/2').execute()).toEqual([]);
    expectError(await post(t.app, '/svc/federation/unfollow', { handle }, reader), 404, 'You do not follow that account.');
  });

  it('says what a handle looks like, and when nobody answers', async () => {
    const reader = await register(t.app);
    expectError(await get(t.app, '/svc/federation/lookup?q=not-a-handle', reader), 400, 'Type a fediverse handle such as @name@example.social.');
    // A private address nobody allowed is never fetched.
    expectError(await get(t.app, '/svc/federation/lookup?q=%40bob%40127.0.0.9%3A9', reader), 404, 'No account by that handle answered. Check it for typos.');
  });
});

describe('remote posts on the dashboard', () => {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

  it('come among local posts in date order, sanitized, with their author, and page across', async () => {
    const reader = await register(t.app);
    const handle = `@alice@${remote.host}`;
    expectOk(await post(t.app, '/svc/federation/follow', { handle }, reader));
    const oldest = await createPost(t.app, reader, textPost('Oldest here'));
    await tick();
    expect((await remoteCreate('dash-1', '<p>From <em>elsewhere</em><script>bad()</script></p>', new Date().toISOString(), { summary: 'cw: soup', sensitive: true })).statusCode).toBe(202);
    const first = await kept('dash-1');
    await tick();
    const newer: string[] = [];
    for (let i = 0; i < 9; i++) newer.push((await createPost(t.app, reader, textPost(`Newer ${i}`))).id);

    // Newest first: nine local posts, then the remote one (the page's last), then the oldest.
    const one = await page(t.app, '/svc/post/dashboard/before/0', reader);
    expect(one.posts.map((p) => p.id)).toEqual([...newer.reverse(), first.feed_id]);
    const shown = one.posts[9]!;
    expect(shown.remote).toEqual({
      handle: `alice@${remote.host}`,
      name: 'Alice Remote',
      icon_url: null,
      profile_url: `${remote.actorUri.replace('/users/alice', '/@alice')}`,
      url: `${remote.actorUri}/statuses/dash-1`,
      summary: 'cw: soup',
    });
    expect(shown).toMatchObject({ can_be_liked: false, can_be_reblogged: false, can_reply: false, is_mine: false, is_sensitive: true, post_url: `${remote.actorUri}/statuses/dash-1` });
    expect(shown.content).toEqual({ type: 'text', title: '', body_html: expect.stringContaining('<i>elsewhere</i>') });
    expect(JSON.stringify(shown.content)).not.toContain('script');
    expect(one.next).toBe(first.feed_id);
    // The remote post's id is a cursor like a local one.
    const two = await page(t.app, `/svc/post/dashboard/before/${one.next}`, reader);
    // Then the oldest local post, and what the account sent before (kept for its other followers).
    expect(two.posts[0]!.id).toBe(oldest.id);
    expect(two.posts.slice(1).every((p) => p.remote && p.date < oldest.date)).toBe(true);

    // Someone who does not follow the account never sees it; after unfollowing, neither does the reader.
    expect((await page(t.app, '/svc/post/dashboard/before/0', me)).posts.some((p) => p.remote)).toBe(false);
    expectOk(await post(t.app, '/svc/federation/unfollow', { handle }, reader));
    expect((await allPages(t.app, 'dashboard', reader)).some((p) => p.remote)).toBe(false);
  });

  it('keep a date from the future at now, not above every later post', async () => {
    const reader = await register(t.app);
    expectOk(await post(t.app, '/svc/federation/follow', { handle: `@alice@${remote.host}` }, reader));
    expect((await remoteCreate('dash-future', '<p>From tomorrow</p>', '2099-01-01T00:00:00Z')).statusCode).toBe(202);
    const future = await kept('dash-future');
    await tick();
    const later = await createPost(t.app, reader, textPost('Later here'));
    const read = await page(t.app, '/svc/post/dashboard/before/0', reader);
    expect(read.posts.map((p) => p.id).slice(0, 2)).toEqual([later.id, future.feed_id]);
  });
});

describe('likes, reblogs and replies from elsewhere', () => {
  const MASTODON = ['https://www.w3.org/ns/activitystreams', { sensitive: 'as:sensitive' }];
  /** The stand-in account sends an activity, signed (or with another key), to our shared inbox. */
  async function send(activity: Record<string, unknown>, key?: CryptoKey) {
    const body = JSON.stringify({ '@context': MASTODON, actor: remote.actorUri, ...activity });
    return deliver(await remote.sign(new Request(`${ORIGIN}/ap/inbox`, { method: 'POST', headers: { 'content-type': 'application/activity+json' }, body }), key));
  }
  const notesOf = async (postId: string) => expectOk<NotesPage>(await get(t.app, `/svc/post/notes?post_id=${postId}`));
  const activityOf = async (s: Session) => expectOk<ActivityPage>(await get(t.app, `/svc/activity/${blogOf(s)}`, s)).notifications;

  it('become notes on the post and notifications for its blog; Undo and Delete take them back, Update changes a reply', async () => {
    const owner = await register(t.app);
    const shared = await createPost(t.app, owner, textPost('Liked from afar'));
    const hidden = await createPost(t.app, owner, { ...textPost('Only mine'), 'post[state]': 'private' });
    const object = `${ORIGIN}/ap/notes/${shared.id}`;
    const like = { id: `${remote.actorUri}#likes/1`, type: 'Like', object };

    // Forged: refused, nothing kept.
    expect((await send(like, remote.otherKey)).statusCode).toBe(401);
    expect((await send(like)).statusCode).toBe(202);
    // The same like again, under another id: still one.
    expect((await send({ ...like, id: `${remote.actorUri}#likes/1-again` })).statusCode).toBe(202);
    expect((await send({ id: `${remote.actorUri}/statuses/boost-1/activity`, type: 'Announce', object, to: ['https://www.w3.org/ns/activitystreams#Public'] })).statusCode).toBe(202);
    const reply = { id: `${remote.actorUri}/statuses/reply-1`, type: 'Note', attributedTo: remote.actorUri, inReplyTo: object, content: '<p><span class="h-card">@you</span> So <b>good</b><script>x()</script></p>', url: `${remote.actorUri}/statuses/reply-1`, published: new Date().toISOString(), to: ['https://www.w3.org/ns/activitystreams#Public'] };
    expect((await send({ id: `${reply.id}/activity`, type: 'Create', object: reply })).statusCode).toBe(202);
    // A private post is not there to like.
    expect((await send({ id: `${remote.actorUri}#likes/2`, type: 'Like', object: `${ORIGIN}/ap/notes/${hidden.id}` })).statusCode).toBe(202);

    const notes = await until(async () => {
      const read = await notesOf(shared.id);
      return read.notes.length === 3 ? read : null;
    }, 'three notes');
    expect(notes.note_count).toBe(3);
    const handle = `alice@${remote.host}`;
    expect(notes.notes.map((n) => [n.type, n.blog.name, n.remote?.handle]).sort()).toEqual([['like', handle, handle], ['reblog', handle, handle], ['reply', handle, handle]]);
    const replyNote = notes.notes.find((n) => n.type === 'reply')!;
    expect(replyNote).toMatchObject({ reply_text: '@you So good', remote: { name: 'Alice Remote', url: reply.url } });
    expect((await page(t.app, `/svc/post/blog/${blogOf(owner)}/before/0`, owner)).posts.find((p) => p.id === shared.id)!.note_count).toBe(3);

    const activity = await activityOf(owner);
    expect(activity.map((n) => n.message).sort()).toEqual([`${handle} liked your post`, `${handle} reblogged your post`, `${handle} replied to your post`]);
    expect(activity.find((n) => n.type === 'reply')).toMatchObject({ note_meta: { reply_text: '@you So good' }, from_remote: { handle, name: 'Alice Remote' }, post: { id: shared.id } });
    expect(await t.db.selectFrom('remote_notes').select('id').where('post_id', '=', hidden.id).execute()).toEqual([]);

    // Their Update changes the reply's words; their Undo and Delete take the like and the reply back.
    expect((await send({ id: `${reply.id}#updates/1`, type: 'Update', object: { ...reply, content: '<p>Even better</p>' } })).statusCode).toBe(202);
    await until(async () => (await notesOf(shared.id)).notes.some((n) => n.type === 'reply' && n.reply_text === 'Even better'), 'the edited reply');
    expect((await send({ id: `${like.id}/undo`, type: 'Undo', object: { ...like, actor: remote.actorUri } })).statusCode).toBe(202);
    expect((await send({ id: `${reply.id}#delete`, type: 'Delete', object: { id: reply.id, type: 'Tombstone' } })).statusCode).toBe(202);
    const left = await until(async () => {
      const read = await notesOf(shared.id);
      return read.notes.length === 1 ? read : null;
    }, 'one note left');
    expect(left.notes[0]!.type).toBe('reblog');
    expect(left.note_count).toBe(1);
    expect((await activityOf(owner)).map((n) => n.type)).toEqual(['reblog']);
  });

  it('an Update of a received post changes the copy, only from its author', async () => {
    const reader = await register(t.app);
    expectOk(await post(t.app, '/svc/federation/follow', { handle: `@alice@${remote.host}` }, reader));
    expect((await remoteCreate('upd-1', '<p>First words</p>', new Date().toISOString())).statusCode).toBe(202);
    await kept('upd-1');
    const note = { id: `${remote.actorUri}/statuses/upd-1`, type: 'Note', attributedTo: remote.actorUri, content: '<p>Second <b>words</b><script>x()</script></p>', to: ['https://www.w3.org/ns/activitystreams#Public'] };
    // Signed by the right key but naming someone else as the author: ignored.
    expect((await send({ id: `${note.id}#u0`, type: 'Update', object: { ...note, attributedTo: 'http://127.0.0.1:1/users/mallory', content: '<p>Hijacked</p>' } })).statusCode).toBe(202);
    expect((await send({ id: `${note.id}#u1`, type: 'Update', object: note })).statusCode).toBe(202);
    const copy = await until(async () => {
      const read = await page(t.app, '/svc/post/dashboard/before/0', reader);
      const shown = read.posts.find((p) => p.remote?.url === note.id);
      return shown?.content.type === 'text' && shown.content.body_html.includes('Second') ? shown : null;
    }, 'the edited copy');
    expect(JSON.stringify(copy.content)).not.toMatch(/script|Hijacked/);
    expectOk(await post(t.app, '/svc/federation/unfollow', { handle: `@alice@${remote.host}` }, reader));
  });
});

describe('bounds per remote server', () => {
  it('refuses a delivery over 256 KB with 413, and a server over its deliveries a minute with 429, not the others', async () => {
    const uri = await actorUri(blogOf(me));
    const big = await deliver(await remote.sign(new Request(`${ORIGIN}/ap/inbox`, { method: 'POST', headers: { 'content-type': 'application/activity+json' }, body: JSON.stringify({ type: 'Note', content: 'x'.repeat(300_000) }) })));
    expect(big.statusCode).toBe(413);

    // The stand-in server's allowance, spent (as 600 deliveries in this minute would).
    const key = `${INBOX_RULE.name}:${remote.host} from 127.0.0.1`;
    const full = { hits: INBOX_RULE.limit, resets_at: new Date(Date.now() + 60_000) };
    await t.db.insertInto('rate_limits').values({ key, ...full }).onConflict((oc) => oc.column('key').doUpdateSet(full)).execute();
    try {
      const refused = await deliver(await remote.sign(followOf(uri)(`${uri}/inbox`)));
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((refused.json() as { meta: { msg: string } }).meta.msg).toMatch(/^Too many deliveries from your server: at most 600 a minute\. Try again in /);
      // Another key's host (here forged, so refused for that) is not held by the stand-in's count.
      const other = followOf(uri)(`${uri}/inbox`);
      const signedElsewhere = await signRequest(other, remote.otherKey, new URL('http://127.0.0.1:1/users/mallory#main-key'), { spec: 'draft-cavage-http-signatures-12' });
      expect((await deliver(signedElsewhere)).statusCode).toBe(401);
    } finally {
      await t.db.deleteFrom('rate_limits').where('key', '=', key).execute();
    }
    expect((await deliver(await remote.sign(followOf(uri)(`${uri}/inbox`)))).statusCode).toBe(202);
    await t.db.deleteFrom('remote_followers').execute();
  });
});

describe('the federation routes', () => {
  it('are the only routes registered outside the declared endpoints, each named in FEDERATION_ROUTES', () => {
    const declared = new Set(t.app.endpoints.map((e) => `${e.method} ${e.path}`));
    const outside = t.app.routeTable.filter((r) => r.method !== 'HEAD' && !declared.has(`${r.method} ${r.url}`)).map((r) => `${r.method} ${r.url}`);
    expect(outside.sort()).toEqual(FEDERATION_ROUTES.map((r) => `${r.method} ${r.url}`).sort());
  });

  it('never answer 500 to junk', async () => {
    const uri = new URL(await actorUri(blogOf(me))).pathname;
    const paths = ['/.well-known/webfinger', '/.well-known/nodeinfo', '/nodeinfo/2.1', uri, `${uri}/inbox`, `${uri}/followers`, `${uri}/followers?cursor=-1`, `${uri}/followers?cursor=x`, `${uri}/outbox`, `${uri}/following`, '/ap/inbox', '/ap/notes/99999999999999999999', '/ap/notes/%00', '/ap/blogs/x', '/ap/nothing'];
    const queries = ['', '?resource=', '?resource=acct:%00@x', '?resource=acct:a@b@c', `?resource=${'a'.repeat(900)}`, '?resource=https://127.0.0.1/'];
    const bodies = ['', '{', 'null', '[]', '{"type":"Follow"}', JSON.stringify({ type: 'Create', actor: 'http://127.0.0.1:1/x', object: { type: 'Note' } }), 'x'.repeat(300_000)];
    const failures: string[] = [];
    for (const path of paths) {
      for (const query of queries) {
        const res = await t.app.inject({ method: 'GET', url: `${path}${query}`, headers: AP });
        if (res.statusCode >= 500) failures.push(`GET ${path}${query}: ${res.statusCode}`);
      }
      for (const body of bodies) {
        const res = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/activity+json' }, payload: body });
        if (res.statusCode >= 500) failures.push(`POST ${path} ${body.slice(0, 40)}: ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
