import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_LIMITS } from '../../shared/logging/limits';
import { createTestApp, expectError, expectOk, login, markVerified, newAccount, register, type Session, type TestApp } from '../test/test-app';

// Small bounds the test can reach: 3 batches a minute per account, 5 per address, 64 KB a day
// (an unverified account: 32 KB, the floor of one whole batch).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { LIMIT_LOG_BATCHES_PER_MINUTE: '3', LIMIT_LOG_BATCHES_PER_MINUTE_PER_ADDRESS: '5', LIMIT_LOG_KB_PER_DAY: '64' });
});
afterAll(() => t.close());

let addresses = 0;
/** A client address no other test uses, so the per-address bound stays out of the way. */
const freshAddress = () => `198.51.100.${++addresses}`;

function send(who: Session, body: unknown, address: string, url = '/services/cslog') {
  return t.app.inject({
    method: 'POST',
    url,
    payload: body as object,
    remoteAddress: address,
    headers: { cookie: who.cookie, 'x-form-key': who.formKey },
  });
}

const storedEvents = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM log_events`.execute(t.db)).rows[0]!.n);
/** An event that takes about 1,000 of the 1,024 bytes an event may take. */
const bigEvent = () => ({ name: 'post_impression', a: 'x'.repeat(480), b: 'y'.repeat(480) });

describe('the behaviour log bounds an event and a batch', () => {
  it('refuses an event over 1 KB, a batch over 32 KB and a body over 64 KB, and stores nothing of them', async () => {
    const ann = await register(t.app);
    const before = await storedEvents();
    const address = freshAddress();
    // 20 fields of 512 characters were allowed (about 10 KB an event).
    const wide = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, 'z'.repeat(512)]));
    expectError(await send(ann, { events: [{ name: 'a', ...wide }] }, address), 400, /^events\.0 takes \d+ bytes; an event may take at most 1024 \(shorten its fields\)\.$/);
    const batch = Array.from({ length: 40 }, bigEvent);
    expectError(await send(ann, { events: batch }, address), 400, /^events takes \d+ bytes; send at most 32768 bytes of events in one batch \(split it\)\.$/);
    const body = { events: Array.from({ length: 100 }, () => ({ name: 'a', t: 'q'.repeat(700) })) };
    expect(JSON.stringify(body).length).toBeGreaterThan(LOG_LIMITS.maxBodyBytes);
    expectError(await send(ann, body, address), 413, 'The request body is larger than the 64 KB limit.');
    expect(await storedEvents()).toBe(before);
    // The largest batch within the bounds is taken.
    expect(expectOk(await send(ann, { events: Array.from({ length: 30 }, bigEvent) }, address))).toEqual({ stored: 30 });
  });
});

describe('the behaviour log counts per account and per client address, not per session', () => {
  it('a new login does not start a new allowance: the minute is the account’s across its sessions', async () => {
    const account = newAccount();
    const first = await register(t.app, account);
    const second = await login(t.app, account);
    for (let i = 0; i < 3; i++) expectOk(await send(i % 2 ? first : second, { events: [{ name: 'a' }] }, freshAddress()));
    const before = await storedEvents();
    const third = await login(t.app, account);
    const refused = await send(third, { events: [{ name: 'a' }] }, freshAddress(), '/svc/log/lady');
    expectError(refused, 429, /^Too many log batches: at most 3 a minute for an account\. Try again in \d+ s\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await storedEvents()).toBe(before);
  });

  it('one client address may send 5 batches a minute, whichever accounts send them', async () => {
    const address = freshAddress();
    for (let i = 0; i < 5; i++) expectOk(await send(await register(t.app), { events: [{ name: 'a' }] }, address));
    const refused = await send(await register(t.app), { events: [{ name: 'a' }] }, address);
    expectError(refused, 429, /^Too many log batches from your address: at most 5 a minute\. Try again in (\d+ seconds|1 minute) \(at \d\d:\d\d UTC\)\.$/);
    // Another address is not held by it.
    expectOk(await send(await register(t.app), { events: [{ name: 'a' }] }, freshAddress()));
  });

  it('bounds the bytes an account logs a day: 64 KB verified, a sixteenth (at least one batch) unverified', async () => {
    const batch = { events: Array.from({ length: 30 }, bigEvent) };
    const verified = await register(t.app);
    await markVerified(t.db, verified);
    expectOk(await send(verified, batch, freshAddress()));
    expectOk(await send(verified, batch, freshAddress()));
    const before = await storedEvents();
    const refused = await send(verified, batch, freshAddress());
    expectError(refused, 429, 'This account has logged its 64 KB of events for today; more are taken from 00:00 UTC.');
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(86_400);
    expect(await storedEvents()).toBe(before);
    // A small batch still fits in what is left of the day.
    expectOk(await send(verified, { events: [{ name: 'a' }] }, freshAddress()));

    const unverified = await register(t.app);
    expectOk(await send(unverified, batch, freshAddress()));
    expectError(
      await send(unverified, batch, freshAddress()),
      429,
      'This account has logged its 32 KB of events for today; more are taken from 00:00 UTC. Verify your email address to log more.',
    );
  });

  it('a new day starts a new byte allowance', async () => {
    const batch = { events: Array.from({ length: 30 }, bigEvent) };
    const ann = await register(t.app);
    expectOk(await send(ann, batch, freshAddress()));
    expectError(await send(ann, batch, freshAddress()), 429, /32 KB of events for today/);
    await sql`UPDATE log_allowances SET day = day - 1, window_start = window_start - interval '1 minute'`.execute(t.db);
    expectOk(await send(ann, batch, freshAddress()));
  });
});
