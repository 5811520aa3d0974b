// Issue 22, item 10: live streams are capped per user (the oldest gives way), per client address
// (429 with Retry-After) and per process (503 with Retry-After), so one polling token can no
// longer hold the process's open files.
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { openStream, type OpenStream } from './stream-kit';
import { person } from './test-kit';

const apps: TestApp[] = [];
const opened: OpenStream[] = [];
afterAll(async () => {
  for (const stream of opened) stream.close();
  for (const t of apps) await t.close();
});

async function listening(env: NodeJS.ProcessEnv) {
  const t = await createTestApp({}, env);
  apps.push(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  const open = async (token: string) => {
    const stream = await openStream(port, `/services/stream?token=${token}`);
    opened.push(stream);
    return stream;
  };
  return { t, open };
}

/** The whole body of a refused stream (an error envelope), with its status and Retry-After. */
async function refusedBody(port: number, token: string) {
  const res = await fetch(`http://127.0.0.1:${port}/services/stream?token=${token}`);
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { meta: { status: number }; errors: { code: number; title: string }[] } };
}

describe('GET /services/stream: caps', () => {
  it('closes a user’s oldest stream, telling it so, when one more than the cap opens', { timeout: 120_000 }, async () => {
    const { t, open } = await listening({ LIMIT_STREAMS_PER_USER: '2' });
    const ann = await person(t);
    const first = await open(ann.token);
    await first.next('ready', 30_000);
    const second = await open(ann.token);
    await second.next('ready', 30_000);
    const third = await open(ann.token);
    await third.next('ready', 30_000);
    await first.next('superseded', 30_000);
    await first.ended;
    // The others stay open and are still poked.
    expect(second.events).not.toContain('superseded');
    expect(third.events).not.toContain('superseded');
  });

  it('refuses one stream more than the cap from one address with 429 and Retry-After', { timeout: 120_000 }, async () => {
    const { t, open } = await listening({ LIMIT_STREAMS_PER_ADDRESS: '2' });
    const [ann, bob, carl] = [await person(t), await person(t), await person(t)];
    await (await open(ann.token)).next('ready', 30_000);
    await (await open(bob.token)).next('ready', 30_000);
    const port = (t.app.server.address() as AddressInfo).port;
    const refused = await refusedBody(port, carl.token);
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe('30');
    expect(refused.body.errors[0]!.title).toBe('Too many live connections from your network. Close some tabs, or try again in 30 seconds; messages still arrive by polling.');
  });

  it('refuses one stream more than the process holds with 503 and Retry-After, and takes one again once a stream ends', { timeout: 120_000 }, async () => {
    const { t, open } = await listening({ LIMIT_STREAMS_PER_PROCESS: '2' });
    const [ann, bob, carl] = [await person(t), await person(t), await person(t)];
    const annStream = await open(ann.token);
    await annStream.next('ready', 30_000);
    await (await open(bob.token)).next('ready', 30_000);
    const port = (t.app.server.address() as AddressInfo).port;
    const refused = await refusedBody(port, carl.token);
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toBe('30');
    expect(refused.body.errors[0]!.title).toMatch(/^This server holds as many live connections as it can right now\./);
    annStream.close();
    await annStream.ended;
    // The server hears the close on its own time: wait for the count to drop, then open again.
    let again = await openStream(port, `/services/stream?token=${carl.token}`);
    while (again.status !== 200) {
      await again.ended;
      again = await openStream(port, `/services/stream?token=${carl.token}`);
    }
    opened.push(again);
    await again.next('ready', 30_000);
  });
});
