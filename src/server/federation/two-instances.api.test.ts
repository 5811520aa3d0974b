// Two servers of the product on two loopback addresses, each with its own data folder and
// PUBLIC_URL, federating over real HTTP: a person on the first follows a blog on the second by its
// handle, the blog's public post reaches them (their dashboard too), an edit and a delete reach the
// copy, and after unfollowing, the next post does not; a block on the second stops its posts
// reaching the first and refuses the first's Follow.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RemoteAccount, RemoteTimeline } from '../../shared/federation/types';
import type { PostPage } from '../../shared/posts/types';
import type { Envelope, UserInfoResponse } from '../../shared/types';
import { freePort } from '../test/free-port';
import { startServer } from '../test/server-process';
import { newAccount } from '../test/test-app';

const children: ChildProcess[] = [];
const folders: string[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)))));
  for (const folder of folders) await fs.rm(folder, { recursive: true, force: true });
});

interface Client {
  base: string;
  cookie: string;
  formKey: string;
  blog: string;
}

async function startInstance(address: string, port: number, allow: string) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tumbleweed-fed-'));
  folders.push(dataDir);
  await startServer(
    { HOST: address, PORT: String(port), PUBLIC_URL: `http://${address}:${port}`, DATA_DIR: dataDir, DATABASE_URL: '', FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE_HOSTS: allow },
    children,
  );
  return `http://${address}:${port}`;
}

async function registerAt(base: string): Promise<Client> {
  const account = newAccount('fed');
  const res = await fetch(`${base}/svc/account/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
  expect(res.status).toBe(200);
  const body = (await res.json()) as Envelope<UserInfoResponse>;
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { base, cookie, formKey: body.response.form_key, blog: account.blog_name };
}

async function call<T>(client: Client, method: 'GET' | 'POST', url: string, body?: object): Promise<T> {
  const res = await fetch(`${client.base}${url}`, {
    method,
    headers: { cookie: client.cookie, 'x-form-key': client.formKey, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return (JSON.parse(text) as Envelope<T>).response;
}

async function until<T>(read: () => Promise<T | null | undefined | false>, what: string, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const value = await read();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** How many follow the blog from elsewhere, as its followers collection says to anyone. */
async function remoteFollowers(base: string, blog: string): Promise<number> {
  const finger = await fetch(`${base}/.well-known/webfinger?resource=acct:${blog}@${new URL(base).host}`);
  const self = ((await finger.json()) as { links: { rel: string; href: string }[] }).links.find((l) => l.rel === 'self')!.href;
  const res = await fetch(`${self}/followers`, { headers: { accept: 'application/activity+json' } });
  return ((await res.json()) as { totalItems: number }).totalItems;
}

describe('two instances federating over HTTP', () => {
  it('follow by handle, a post arrives, its edit and a delete reach the copy, unfollow stops the next one, a block stops delivery', { timeout: 420_000 }, async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    const allow = `127.0.0.2:${portA},127.0.0.3:${portB}`;
    const [baseA, baseB] = await Promise.all([startInstance('127.0.0.2', portA, allow), startInstance('127.0.0.3', portB, allow)]);
    const reader = await registerAt(baseA);
    const writer = await registerAt(baseB);
    const handle = `@${writer.blog}@127.0.0.3:${portB}`;

    const found = await call<{ account: RemoteAccount }>(reader, 'GET', `/svc/federation/lookup?q=${encodeURIComponent(handle)}`);
    expect(found.account).toMatchObject({ handle: handle.slice(1), following: false, url: `${baseB}/blog/${writer.blog}` });
    await call(reader, 'POST', '/svc/federation/follow', { handle });
    await until(async () => (await remoteFollowers(baseB, writer.blog)) === 1, 'the follow to reach the second server');

    await call(writer, 'POST', '/svc/post/update', { channel_id: writer.blog, 'post[type]': 'text', 'post[one]': '', 'post[two]': '<p>Across the <b>fediverse</b></p>' });
    const timeline = await until(async () => {
      const read = await call<RemoteTimeline>(reader, 'GET', '/svc/federation/timeline');
      return read.posts.length > 0 ? read : null;
    }, 'the post to reach the first server');
    expect(timeline.posts[0]!.content_html).toContain('Across the <b>fediverse</b>');
    expect(timeline.posts[0]!.account.handle).toBe(handle.slice(1));
    // On the reader's dashboard too, as a post from elsewhere.
    const dashboard = await call<PostPage>(reader, 'GET', '/svc/post/dashboard/before/0');
    expect(dashboard.posts.find((p) => p.remote)?.remote).toMatchObject({ handle: handle.slice(1), name: writer.blog });

    // An edit reaches the copy (Update); a deleted post leaves it (Delete).
    const sent = (await call<PostPage>(writer, 'GET', `/svc/post/blog/${writer.blog}/before/0`)).posts[0]!;
    await call(writer, 'POST', '/svc/post/update', { channel_id: writer.blog, post_id: sent.id, 'post[type]': 'text', 'post[one]': '', 'post[two]': '<p>Across the <i>fediverse</i>, edited</p>' });
    const edited = await until(async () => {
      const read = await call<RemoteTimeline>(reader, 'GET', '/svc/federation/timeline');
      return read.posts.find((p) => p.content_html.includes('edited'));
    }, 'the edit to reach the copy');
    await call(writer, 'POST', '/svc/post/update', { channel_id: writer.blog, 'post[type]': 'text', 'post[one]': '', 'post[two]': '<p>Short-lived</p>' });
    await until(async () => (await call<RemoteTimeline>(reader, 'GET', '/svc/federation/timeline')).posts.length === 2, 'the second post to arrive');
    const doomed = (await call<PostPage>(writer, 'GET', `/svc/post/blog/${writer.blog}/before/0`)).posts[0]!;
    await call(writer, 'POST', '/svc/post/delete', { post_id: doomed.id });
    await until(async () => (await call<RemoteTimeline>(reader, 'GET', '/svc/federation/timeline')).posts.length === 1, 'the delete to reach the copy');

    await call(reader, 'POST', '/svc/federation/unfollow', { handle });
    await until(async () => (await remoteFollowers(baseB, writer.blog)) === 0, 'the unfollow to reach the second server');
    await call(writer, 'POST', '/svc/post/update', { channel_id: writer.blog, 'post[type]': 'text', 'post[one]': '', 'post[two]': '<p>Nobody there now</p>' });
    // Two outbox passes and a delivery's time; then following again shows what was kept: the edited
    // first post only (a new follow brings posts from then on), so the last never arrived.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    await call(reader, 'POST', '/svc/federation/follow', { handle });
    await until(async () => (await remoteFollowers(baseB, writer.blog)) === 1, 'the second follow');
    const after = await call<RemoteTimeline>(reader, 'GET', '/svc/federation/timeline');
    expect(after.posts.map((p) => p.content_html)).toEqual([edited.content_html]);

    // The writer's blog blocks the reader's blog: the follow ends on the second server, the next
    // post does not reach the first, and a new Follow is refused there (Reject).
    const readerHandle = `@${reader.blog}@127.0.0.2:${portA}`;
    await call(writer, 'POST', '/svc/federation/block', { tumblelog: writer.blog, handle: readerHandle });
    expect(await remoteFollowers(baseB, writer.blog)).toBe(0);
    await call(writer, 'POST', '/svc/post/update', { channel_id: writer.blog, 'post[type]': 'text', 'post[one]': '', 'post[two]': '<p>Not for the blocked</p>' });
    await call(reader, 'POST', '/svc/federation/unfollow', { handle });
    await call(reader, 'POST', '/svc/federation/follow', { handle });
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await remoteFollowers(baseB, writer.blog)).toBe(0);
    expect((await call<RemoteTimeline>(reader, 'GET', '/svc/federation/timeline')).posts.some((p) => p.content_html.includes('Not for the blocked'))).toBe(false);
    // Lifted: the reader's next Follow is taken again.
    await call(writer, 'POST', '/svc/federation/unblock', { tumblelog: writer.blog, handle: readerHandle });
    await call(reader, 'POST', '/svc/federation/unfollow', { handle });
    await call(reader, 'POST', '/svc/federation/follow', { handle });
    await until(async () => (await remoteFollowers(baseB, writer.blog)) === 1, 'the follow after the unblock');
  });
});
