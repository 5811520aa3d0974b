// Issue 22, item 13: while Redis is down (or stalls) a message send answers at its normal speed,
// /healthz says the bus is degraded, and once Redis is back the other processes hear pokes again.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, type TestApp } from '../test/test-app';
import { startRedis, type RedisProcess } from '../test/redis-process';
import { openStream, type OpenStream } from '../messaging/stream-kit';
import { person, sendIn, sendTo, sent, type Person } from '../messaging/test-kit';
import { redisBus, type BusEvent, type EventBus } from './bus';

let redis: RedisProcess;
let t: TestApp;
/** Another process's bus on the same Redis: what it hears is what other server processes hear. */
let other: EventBus;
const heard: BusEvent[] = [];
let ann: Person;
let bob: Person;
let conversationId: string;
let port: number;
const streams: OpenStream[] = [];

beforeAll(async () => {
  redis = await startRedis();
  t = await createTestApp({}, { REDIS_URL: redis.url });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  other = await redisBus(redis.url, () => {});
  other.subscribe((event) => heard.push(event));
  ann = await person(t);
  bob = await person(t);
  conversationId = (await sent(await sendTo(t.app, ann, bob, 'Before the outage'))).id;
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await other?.close();
  await t?.close();
  await redis?.stop();
});

const bobId = async () => (await t.db.selectFrom('blogs').select('user_id').where('uuid', '=', bob.uuid).executeTakeFirstOrThrow()).user_id;

/** Resolves when `check` holds; the test's own timeout bounds the wait. */
async function until(check: () => Promise<boolean> | boolean): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 25));
}

const health = async () => (await get(t.app, '/healthz')).json() as { status: string; bus: { kind: string; status: string } };

async function bobStream(): Promise<OpenStream> {
  const stream = await openStream(port, `/services/stream?token=${bob.token}`);
  streams.push(stream);
  await stream.next('ready', 30_000);
  return stream;
}

describe('the Redis event bus during an outage', () => {
  it('pokes other processes while Redis answers, and /healthz says the bus is ok', { timeout: 60_000 }, async () => {
    const id = await bobId();
    await sent(await sendIn(t.app, ann, conversationId, 'Redis is up'));
    await until(() => heard.some((event) => event.type === 'unread' && event.userIds.includes(id)));
    expect(await health()).toMatchObject({ status: 'ok', bus: { kind: 'redis', status: 'ok' } });
  });

  it('answers sends while Redis stalls: a send never waits for the publish', { timeout: 60_000 }, async () => {
    const stream = await bobStream();
    redis.pause();
    try {
      // A publish to a stalled Redis never finishes; a send that waited for it would never answer.
      for (let i = 0; i < 3; i++) await sent(await sendIn(t.app, ann, conversationId, `Stalled ${i}`));
      // This process's own streams are poked without Redis.
      await stream.next('unread', 30_000);
    } finally {
      redis.resume();
    }
  });

  it('answers sends while Redis is down, says degraded, and pokes again once it is back', { timeout: 90_000 }, async () => {
    const stream = await bobStream();
    await redis.stop();
    await until(async () => (await health()).bus.status === 'degraded');
    expect(await health()).toMatchObject({ status: 'degraded', bus: { kind: 'redis', status: 'degraded' } });
    for (let i = 0; i < 5; i++) await sent(await sendIn(t.app, ann, conversationId, `Down ${i}`));
    await stream.next('unread', 30_000);

    await redis.start();
    await until(async () => (await health()).bus.status === 'ok');
    // Back: this process may have missed events meanwhile, so its open streams are poked to poll.
    await stream.next('unread', 30_000);
    // ...and the other processes hear this one's sends again.
    const id = await bobId();
    heard.length = 0;
    await until(async () => {
      await sent(await sendIn(t.app, ann, conversationId, 'Redis is back'));
      return heard.some((event) => event.type === 'unread' && event.userIds.includes(id));
    });
  });
});
