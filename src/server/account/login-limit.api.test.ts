import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS } from '../../shared/constants';
import { ErrorCode } from '../http/errors';
import { createTestApp, expectError, expectOk, newAccount, register, type TestApp } from '../test/test-app';
import { LOGIN_RULES } from './login-limit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LOGIN = '/svc/account/login';

function loginFrom(app: TestApp['app'], address: string, body: { email: string; password: string }, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: LOGIN, payload: body, remoteAddress: address, headers });
}

describe('POST /svc/account/login: guesses sent all at once', () => {
  it(`verifies at most ${LOGIN_FAILURE_LIMIT} of 100 simultaneous wrong passwords for one email`, async () => {
    const victim = newAccount('burst');
    await register(t.app, victim);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => loginFrom(t.app, '192.0.2.10', { email: victim.email, password: `guess number ${i}` })),
    );
    // A 401 is a password that was checked and found wrong; a 429 was refused before any check.
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_FAILURE_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - LOGIN_FAILURE_LIMIT);
    // Refused by the email's limit on this device, or (as the burst goes on) by the network's: either
    // says so and when to try again.
    const refused = answers.find((res) => res.statusCode === 429)!;
    expectError(refused, 429, /^Too many failed logins (for this email from this device|from your network)\. Try again in 15 minutes \(at \d\d:\d\d UTC\)\.$/);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_FAILURE_WINDOW_MS / 1000);
  });
});

describe('POST /svc/account/login: who a limit locks out', () => {
  it('keeps the owner logging in from their own address while a guesser is refused', async () => {
    const owner = newAccount('owner');
    await register(t.app, owner);
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      expectError(await loginFrom(t.app, '203.0.113.7', { email: owner.email, password: `wrong ${i}` }), 401);
    }
    expectError(await loginFrom(t.app, '203.0.113.7', { email: owner.email, password: owner.password }), 429);
    expectOk(await loginFrom(t.app, '198.51.100.2', { email: owner.email, password: owner.password }));
  });

  it(`refuses an email tried from many addresses after ${LOGIN_RULES.email.limit} attempts an hour, even with the right password`, async () => {
    const target = newAccount('ceiling');
    await register(t.app, target);
    const perAddress = LOGIN_FAILURE_LIMIT;
    for (let a = 0; a < LOGIN_RULES.email.limit / perAddress; a++) {
      const answers = await Promise.all(
        Array.from({ length: perAddress }, (_, i) => loginFrom(t.app, `10.1.${a}.1`, { email: target.email, password: `wrong ${i}` })),
      );
      expect(answers.map((res) => res.statusCode)).toEqual(Array(perAddress).fill(401));
    }
    const res = await loginFrom(t.app, '10.2.0.1', { email: target.email, password: target.password });
    const body = expectError(res, 429, /^Too many failed logins for this email\. Try again in (60|59) minutes/);
    expect(body.errors![0]!.code).toBe(ErrorCode.tooManyLogins);
  });

  it(`refuses one address spraying a password over many emails after ${LOGIN_RULES.address.limit} attempts`, async () => {
    const answers = [];
    for (let i = 0; i < 50; i++) {
      answers.push(await loginFrom(t.app, '198.51.100.99', { email: `sprayed-${i}@example.com`, password: 'Summer2024!' }));
    }
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.slice(0, LOGIN_RULES.address.limit)).toEqual(Array(LOGIN_RULES.address.limit).fill(401));
    expect(statuses.slice(LOGIN_RULES.address.limit)).toEqual(Array(50 - LOGIN_RULES.address.limit).fill(429));
    expectError(answers[49]!, 429, /^Too many failed logins from your network\. Try again/);
    expect(Number(answers[49]!.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expectError(await loginFrom(t.app, '198.51.100.100', { email: 'sprayed-0@example.com', password: 'Summer2024!' }), 401);
  });

  it('does not count right passwords against the address', async () => {
    const person = newAccount('often');
    await register(t.app, person);
    for (let i = 0; i < LOGIN_RULES.address.limit + 5; i++) {
      expectOk(await loginFrom(t.app, '192.0.2.77', { email: person.email, password: person.password }));
    }
  });
});

describe('POST /svc/account/login: the client address behind a proxy', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const person = newAccount('xff');
    await register(t.app, person);
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      const headers = { 'x-forwarded-for': `100.64.0.${i + 1}` };
      expectError(await loginFrom(t.app, '192.0.2.50', { email: person.email, password: `wrong ${i}` }, headers), 401);
    }
    // A new forwarded address buys no new guesses: the limit counts the connection's address.
    const res = await loginFrom(t.app, '192.0.2.50', { email: person.email, password: person.password }, { 'x-forwarded-for': '100.64.9.9' });
    expectError(res, 429);
  });

  it('reads the client from X-Forwarded-For with TRUST_PROXY=true', async () => {
    const proxied = await createTestApp({}, { TRUST_PROXY: 'true' });
    try {
      const person = newAccount('proxied');
      await register(proxied.app, person);
      const viaProxy = (client: string, password: string) =>
        loginFrom(proxied.app, '127.0.0.1', { email: person.email, password }, { 'x-forwarded-for': client });
      for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) expectError(await viaProxy('203.0.113.66', `wrong ${i}`), 401);
      expectError(await viaProxy('203.0.113.66', person.password), 429);
      // The owner, behind the same proxy, is another client.
      expectOk(await viaProxy('198.51.100.5', person.password));
    } finally {
      await proxied.close();
    }
  });
});
