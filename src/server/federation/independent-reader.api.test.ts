// Read by code nobody on this project wrote: the reference JSON-LD processor (jsonld, Digital
// Bazaar) expands our WebFinger-found actor and a post's object, and Misskey's own HTTP signature
// library (@misskey-dev/node-http-message-signatures) verifies a delivery of ours as Misskey's
// inbox would: digest, then the draft signature against the key our actor document publishes.
// (The Fedify CLI would be the other reader; its npm package downloads a binary when installed,
// which this project does not allow.)
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseRequestSignature, verifyDigestHeader, verifyDraftSignature } from '@misskey-dev/node-http-message-signatures';
import { preloadedContexts } from '@fedify/vocab-runtime';
import jsonld from 'jsonld';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogOf, createPost } from '../test/posts';
import { createTestApp, register, type Session, type TestApp } from '../test/test-app';
import { runOutbox } from './outbox';

const AS = 'https://www.w3.org/ns/activitystreams#';
const SEC = 'https://w3id.org/security#';

interface Received {
  request: http.IncomingMessage;
  body: Buffer;
}

let t: TestApp;
let me: Session;
let inbox: http.Server;
let inboxHost: string;
const received: Received[] = [];
const stopQueue = new AbortController();

beforeAll(async () => {
  // A Misskey-like inbox on loopback that keeps each request as it came.
  inbox = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ request, body: Buffer.concat(chunks) });
      response.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => inbox.listen(0, '127.0.0.1', resolve));
  inboxHost = `127.0.0.1:${(inbox.address() as AddressInfo).port}`;
  t = await createTestApp({}, { FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE_HOSTS: `localhost:3000,${inboxHost}` });
  me = await register(t.app);
  const fed = t.app.federation!;
  void fed.federation.startQueue(fed.data, { signal: stopQueue.signal });
});
afterAll(async () => {
  stopQueue.abort();
  await t.close();
  await new Promise((resolve) => inbox.close(resolve));
});

/** What jsonld may load: the W3C contexts, from the copies kept offline; nothing from the network. */
const documentLoader = (async (url: string) => {
  const context = (preloadedContexts as Record<string, unknown>)[url];
  if (!context) throw new Error(`the reader was asked to fetch ${url}`);
  return { contextUrl: undefined, documentUrl: url, document: context };
}) as unknown as NonNullable<jsonld.Options.Expand['documentLoader']>;

/** GET as an ActivityPub client asks, over the app's own HTTP handling. */
async function getJson(url: string): Promise<Record<string, unknown>> {
  const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname + new URL(url).search, headers: { accept: 'application/activity+json' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

type Expanded = Record<string, unknown>;
const expand = async (doc: Record<string, unknown>) => (await jsonld.expand(doc as jsonld.JsonLdDocument, { documentLoader })) as unknown as Expanded[];
const idOf = (node: Record<string, unknown>, term: string) => (node[term] as { '@id': string }[] | undefined)?.[0]?.['@id'];
const valueOf = (node: Record<string, unknown>, term: string) => (node[term] as { '@value': unknown }[] | undefined)?.[0]?.['@value'];

async function actorOf(blog: string) {
  const finger = await t.app.inject({ method: 'GET', url: `/.well-known/webfinger?resource=acct:${blog}@localhost:3000` });
  expect(finger.statusCode).toBe(200);
  const self = (finger.json() as { links: { rel: string; type?: string; href: string }[] }).links.find((l) => l.rel === 'self' && l.type === 'application/activity+json');
  const [actor] = await expand(await getJson(self!.href));
  return { uri: self!.href, actor: actor! };
}

describe('an independent reader', () => {
  it('expands the actor found by WebFinger: a Person with inbox, outbox, followers and a public key', async () => {
    const { uri, actor } = await actorOf(blogOf(me));
    expect(actor['@id']).toBe(uri);
    expect(actor['@type']).toEqual([`${AS}Person`]);
    expect(valueOf(actor, `${AS}preferredUsername`)).toBe(blogOf(me));
    expect(idOf(actor, 'http://www.w3.org/ns/ldp#inbox')).toBe(`${uri}/inbox`);
    expect(idOf(actor, `${AS}outbox`)).toBe(`${uri}/outbox`);
    expect(idOf(actor, `${AS}followers`)).toBe(`${uri}/followers`);
    const key = (actor[`${SEC}publicKey`] as Record<string, unknown>[])[0]!;
    expect(idOf(key, `${SEC}owner`)).toBe(uri);
    expect(String(valueOf(key, `${SEC}publicKeyPem`))).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  });

  it('expands a post: a Note by the blog, public, with its HTML and a Hashtag', async () => {
    const { uri } = await actorOf(blogOf(me));
    const shared = await createPost(t.app, me, { 'post[type]': 'text', 'post[one]': '', 'post[two]': '<p>Read <i>elsewhere</i></p>', 'post[tags]': 'reading' });
    const [note] = await expand(await getJson(`http://localhost:3000/ap/notes/${shared.id}`));
    expect(note!['@type']).toEqual([`${AS}Note`]);
    expect(idOf(note!, `${AS}attributedTo`)).toBe(uri);
    expect((note![`${AS}to`] as { '@id': string }[]).map((to) => to['@id'])).toContain(`${AS}Public`);
    expect(String(valueOf(note!, `${AS}content`))).toContain('<i>elsewhere</i>');
    const tag = (note![`${AS}tag`] as Record<string, unknown>[])[0]!;
    expect(tag['@type']).toEqual([`${AS}Hashtag`]);
    expect(valueOf(tag, `${AS}name`)).toBe('#reading');
  });

  it('has a delivery of ours verified by Misskey\'s signature library, and a tampered one refused', async () => {
    const { actor } = await actorOf(blogOf(me));
    const publicKeyPem = String(valueOf((actor[`${SEC}publicKey`] as Record<string, unknown>[])[0]!, `${SEC}publicKeyPem`));
    // A follower whose inbox is the Misskey-like one above.
    const remote = await t.db
      .insertInto('remote_actors')
      .values({ uri: `http://${inboxHost}/users/mi`, handle: `mi@${inboxHost}`, inbox_url: `http://${inboxHost}/users/mi/inbox`, shared_inbox_url: `http://${inboxHost}/inbox`, name: 'Mi' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const blog = await t.db.selectFrom('blogs').select('id').where('name', '=', blogOf(me)).executeTakeFirstOrThrow();
    await t.db.insertInto('remote_followers').values({ blog_id: blog.id, actor_id: remote.id }).execute();

    await createPost(t.app, me, { 'post[type]': 'text', 'post[one]': '', 'post[two]': '<p>Signed for Misskey</p>' });
    await runOutbox(t.app.federation!.federation, t.app.federation!.data);
    let delivery: Received | undefined;
    for (let i = 0; i < 100 && !delivery; i++) {
      delivery = received.find((r) => r.body.toString('utf8').includes('Signed for Misskey'));
      if (!delivery) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(delivery, 'the delivery').toBeTruthy();
    const { request, body } = delivery!;

    expect(await verifyDigestHeader(request, body.toString('utf8'), true)).toBe(true);
    const parsed = parseRequestSignature(request);
    expect(parsed.version).toBe('draft');
    if (parsed.version !== 'draft') return;
    expect(parsed.value.keyId.startsWith(String(actor['@id']))).toBe(true);
    expect(await verifyDraftSignature(parsed.value, publicKeyPem)).toBe(true);

    // The same request with another body fails the digest, as Misskey would refuse it.
    expect(await verifyDigestHeader(request, body.toString('utf8').replace('Signed for Misskey', 'Changed on the way'), true)).toBe(false);
  });
});
