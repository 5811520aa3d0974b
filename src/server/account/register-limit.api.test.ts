import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../http/errors';
import { countRows, createTestApp, expectError, expectOk, newAccount, readOutbox, type TestApp } from '../test/test-app';
import { TOO_COMMON } from './password-strength';

const REGISTER = '/svc/account/register';
const registerFrom = (t: TestApp, address: string, body: object) =>
  t.app.inject({ method: 'POST', url: REGISTER, payload: body, remoteAddress: address });

describe('POST /svc/account/register: new accounts per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { LIMIT_REGISTRATIONS_PER_HOUR: '10' });
  });
  afterAll(() => t.close());

  it('creates at most 10 of 40 simultaneous registrations from one address, refusing the rest with 429 and Retry-After', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => registerFrom(t, '192.0.2.1', newAccount('burst'))));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
    const refused = answers.find((res) => res.statusCode === 429)!;
    const body = expectError(refused, 429, /^Too many new accounts from your network in the last hour\. Try again in (60|59) minutes \(at \d\d:\d\d UTC\)\.$/);
    expect(body.errors![0]!.code).toBe(ErrorCode.rateLimited);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.cookies).toEqual([]);
    // Only the accounts made sent an email.
    expect((await countRows(t.db)).users).toBe(10);
    expect(await readOutbox(t.dataDir)).toHaveLength(10);
  });

  it('still lets another address register', async () => {
    expectOk(await registerFrom(t, '198.51.100.1', newAccount('elsewhere')));
  });
});

describe('POST /svc/account/register: common passwords', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(['password', '12345678', 'qwertyuiop', 'iloveyou1', 'p@ssw0rd1', 'aaaaaaaaaaaa'])(
    'refuses "%s" with 400 on the password field, saying why, and changes nothing',
    async (password) => {
      const before = await countRows(t.db);
      const res = await registerFrom(t, '192.0.2.2', { ...newAccount('weak'), password });
      const body = expectError(res, 400, TOO_COMMON);
      expect(body.errors![0]).toMatchObject({ code: ErrorCode.invalidInput, field: 'password' });
      expect(await countRows(t.db)).toEqual(before);
    },
  );

  it('refuses eight spaces', async () => {
    const res = await registerFrom(t, '192.0.2.2', { ...newAccount('spaces'), password: ' '.repeat(8) });
    expectError(res, 400, 'Your password cannot be only spaces.');
  });

  it('refuses the blog name with a few digits as the password', async () => {
    const account = { ...newAccount('own'), blog_name: 'moonlit-harbor' };
    expectError(await registerFrom(t, '192.0.2.2', { ...account, password: 'moonlit-harbor1' }), 400, TOO_COMMON);
  });

  it('accepts a password of a few unrelated words', async () => {
    expectOk(await registerFrom(t, '192.0.2.2', { ...newAccount('strong'), password: 'violet tractor museum' }));
  });
});
