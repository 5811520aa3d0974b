// Federation on one server, against a stand-in remote account (test/remote-server.ts): discovery
// (WebFinger, the actor, NodeInfo), a Mastodon-shaped Follow signed with the remote's own key
// accepted, unsigned and forged ones refused, and a public post going out as Create while
// private ones stay home; a deleted post goes out as Delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { asOwner, blogOf, createPost, textPost } from '../test/posts';
import { createTestApp, expectOk, post, register, type Session, type TestApp } from '../test/test-app';
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
  });
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
    expect(await runOutbox(t.app.federation!.federation, t.app.federation!.data)).toBe(1);
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
