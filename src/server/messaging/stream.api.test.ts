import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner } from '../test/posts';
import { createTestApp, expectOk, newAccount, post, type TestApp } from '../test/test-app';
import { openStream } from './stream-kit';
import { person, sendTo, sent, type Person } from './test-kit';

let t: TestApp;
let port: number;
let ann: Person;
let bob: Person;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  ann = await person(t);
  bob = await person(t);
});
afterAll(() => t.close());

describe('GET /services/stream', () => {
  it('opens with ready, and pokes the receiver (and the sender) when a message arrives', async () => {
    const bobStream = await openStream(port, `/services/stream?token=${bob.token}`);
    const annStream = await openStream(port, `/services/stream?token=${ann.token}`);
    try {
      expect(bobStream.status).toBe(200);
      await bobStream.next('ready');
      await annStream.next('ready');
      const bobPoked = bobStream.next('unread');
      const annPoked = annStream.next('unread');
      await sent(await sendTo(t.app, ann, bob, 'Poke'));
      expect(JSON.parse(await bobPoked)).toEqual({ at: expect.any(Number) });
      await annPoked;
    } finally {
      bobStream.close();
      annStream.close();
    }
  });

  it('refuses a wrong token (401) and an unverified user (403, 7001) before streaming', async () => {
    const wrong = await openStream(port, '/services/stream?token=wrong');
    expect(wrong.status).toBe(401);
    await wrong.ended;
    const carl = await person(t, false);
    const unverified = await openStream(port, `/services/stream?token=${carl.token}`);
    expect(unverified.status).toBe(403);
    await unverified.ended;
  });

  it('ends the streams of an old token when it is rotated, and a deleted account\'s streams', async () => {
    const dan = await person(t);
    const stream = await openStream(port, `/services/stream?token=${dan.token}`);
    await stream.next('ready');
    expectOk(await post(t.app, '/svc/user/polling_token', {}, asOwner(dan.s)));
    await stream.ended;
    const again = await openStream(port, `/services/stream?token=${dan.token}`);
    expect(again.status).toBe(401);
    await again.ended;

    const eve = await person(t);
    const eveStream = await openStream(port, `/services/stream?token=${eve.token}`);
    await eveStream.next('ready');
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/svc/account/delete',
      payload: { password: newAccount().password },
      headers: { cookie: eve.s.cookie, 'x-form-key': eve.s.formKey },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await eveStream.ended;
  });

  it('does not keep the server from closing: open streams end at shutdown', async () => {
    const other = await createTestApp();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const dora = await person(other);
    const stream = await openStream((other.app.server.address() as AddressInfo).port, `/services/stream?token=${dora.token}`);
    await stream.next('ready');
    const started = Date.now();
    await other.close();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
