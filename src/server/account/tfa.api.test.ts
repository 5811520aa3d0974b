import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TfaSetup, TfaStatus } from '../../shared/account-settings';
import { LOGIN_FAILURE_LIMIT } from '../../shared/constants';
import { ErrorCode } from '../http/errors';
import { createTestApp, expectError, expectOk, get, newAccount, post, register, userByEmail, type NewAccount, type Session, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const as = (s: Session) => ({ cookie: s.cookie, formKey: s.formKey });
/** A TOTP code `steps` periods from now: each login needs a step not used before. */
const codeAt = (secret: string, steps: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

function loginFrom(address: string, body: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: '/svc/account/login', payload: body, remoteAddress: address });
}

/** An account with two-factor on: its secret and recovery codes. */
async function enrolled(prefix: string) {
  const account = newAccount(prefix);
  const s = await register(t.app, account);
  const setup = expectOk<TfaSetup>(await post(t.app, '/svc/account/tfa/setup', {}, as(s)));
  const { recovery_codes } = expectOk<{ recovery_codes: string[] }>(
    await post(t.app, '/svc/account/tfa/enable', { code: await codeAt(setup.secret, 0) }, as(s)),
  );
  return { account, s, secret: setup.secret, recovery: recovery_codes };
}

const credentials = (account: NewAccount) => ({ email: account.email, password: account.password });

describe('two-factor enrolment', () => {
  it('answers a secret, an otpauth URI and a QR code drawn as an SVG data URL; nothing is on until a code confirms it', async () => {
    const account = newAccount('setup');
    const s = await register(t.app, account);
    const setup = expectOk<TfaSetup>(await post(t.app, '/svc/account/tfa/setup', {}, as(s)));
    expect(setup.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Tumbleweed:.+\?.*secret=/);
    expect(setup.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.qr_code.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(expectOk<TfaStatus>(await get(t.app, '/svc/account/tfa', as(s)))).toEqual({ enabled: false, recovery_codes_left: 0 });
    // Not on yet: the password alone still logs in.
    expectOk(await loginFrom('192.0.2.39', credentials(account)));
  });

  it('refuses a wrong code with a 400 and stays off', async () => {
    const s = await register(t.app, newAccount('wrong-enable'));
    expectOk(await post(t.app, '/svc/account/tfa/setup', {}, as(s)));
    expectError(await post(t.app, '/svc/account/tfa/enable', { code: '000000' }, as(s)), 400, /That code is not right/);
    expectError(await post(t.app, '/svc/account/tfa/enable', { code: '' }, as(s)), 400, 'Enter the code from your authenticator app.');
    expect(expectOk<TfaStatus>(await get(t.app, '/svc/account/tfa', as(s))).enabled).toBe(false);
  });

  it('refuses enable before setup, and setup once it is on', async () => {
    const s = await register(t.app, newAccount('order'));
    expectError(await post(t.app, '/svc/account/tfa/enable', { code: '123456' }, as(s)), 409, 'Start the setup first: it shows the QR code to scan.');
    const { s: on } = await enrolled('again');
    expectError(await post(t.app, '/svc/account/tfa/setup', {}, as(on)), 409, /already on/);
  });

  it('answers ten recovery codes once and keeps only their hashes', async () => {
    const { account, s, recovery } = await enrolled('codes');
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    const user = await userByEmail(t.db, account.email);
    const stored = await t.db.selectFrom('tfa_recovery_codes').select('code_hash').where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(10);
    for (const code of recovery) expect(stored.map((r) => r.code_hash).join(' ')).not.toContain(code.replace('-', ''));
    expect(expectOk<TfaStatus>(await get(t.app, '/svc/account/tfa', as(s)))).toEqual({ enabled: true, recovery_codes_left: 10 });
  });
});

describe('login with two-factor on', () => {
  it('answers 401 with code 4011 without the code, and logs in with it', async () => {
    const { account, secret } = await enrolled('login');
    const without = expectError(await loginFrom('192.0.2.40', credentials(account)), 401, /^Enter the 6-digit code/);
    expect(without.errors?.[0]?.code).toBe(ErrorCode.tfaRequired);
    expect(without.errors?.[0]?.field).toBe('tfa_code');
    const res = await loginFrom('192.0.2.40', { ...credentials(account), tfa_code: await codeAt(secret, 1) });
    expectOk(res);
    expect(res.cookies.some((c) => c.name === 'sid' && c.value)).toBe(true);
  });

  it('refuses a wrong code (4011) and a code used already; the wrong password is still a wrong password', async () => {
    const { account, secret } = await enrolled('replay');
    const wrong = expectError(await loginFrom('192.0.2.41', { ...credentials(account), tfa_code: '000000' }), 401, /^That code is not right/);
    expect(wrong.errors?.[0]?.code).toBe(ErrorCode.tfaRequired);
    const code = await codeAt(secret, 1);
    expectOk(await loginFrom('192.0.2.41', { ...credentials(account), tfa_code: code }));
    expectError(await loginFrom('192.0.2.41', { ...credentials(account), tfa_code: code }), 401, /^That code is not right/);
    expectError(await loginFrom('192.0.2.41', { email: account.email, password: 'not the password', tfa_code: code }), 401, 'Wrong email or password.');
  });

  it('takes each recovery code once, with or without its dash', async () => {
    const { account, recovery } = await enrolled('recovery');
    expectOk(await loginFrom('192.0.2.42', { ...credentials(account), tfa_code: recovery[0]! }));
    expectError(await loginFrom('192.0.2.42', { ...credentials(account), tfa_code: recovery[0]! }), 401, /^That code is not right/);
    expectOk(await loginFrom('192.0.2.42', { ...credentials(account), tfa_code: recovery[1]!.replace('-', ' ').toUpperCase() }));
    const user = await userByEmail(t.db, account.email);
    const left = await t.db.selectFrom('tfa_recovery_codes').select('code_hash').where('user_id', '=', user.id).execute();
    expect(left).toHaveLength(8);
  });

  it('spends a recovery code once when it is sent twice at the same time', async () => {
    const { account, recovery } = await enrolled('recovery-burst');
    const answers = await Promise.all([1, 2, 3].map(() => loginFrom('192.0.2.43', { ...credentials(account), tfa_code: recovery[2]! })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it(`counts wrong codes against the login limit: after ${LOGIN_FAILURE_LIMIT}, even the right code is refused from that device`, async () => {
    const { account, secret } = await enrolled('limit');
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      expectError(await loginFrom('192.0.2.44', { ...credentials(account), tfa_code: String(100000 + i) }), 401);
    }
    expectError(await loginFrom('192.0.2.44', { ...credentials(account), tfa_code: await codeAt(secret, 1) }), 429, /^Too many failed logins/);
  });

  it('does not count the right password sent without a code', async () => {
    const { account, secret } = await enrolled('no-count');
    for (let i = 0; i < LOGIN_FAILURE_LIMIT + 2; i++) expectError(await loginFrom('192.0.2.45', credentials(account)), 401);
    expectOk(await loginFrom('192.0.2.45', { ...credentials(account), tfa_code: await codeAt(secret, 1) }));
  });
});

describe('turning two-factor off', () => {
  it('needs the password and a code; then the password alone logs in again and the recovery codes are gone', async () => {
    const { account, s, secret, recovery } = await enrolled('disable');
    expectError(await post(t.app, '/svc/account/tfa/disable', { password: 'wrong password', code: await codeAt(secret, 1) }, as(s)), 400, 'That is not your current password.');
    expectError(await post(t.app, '/svc/account/tfa/disable', { password: account.password, code: '999999' }, as(s)), 400, /That code is not right/);
    expectError(await post(t.app, '/svc/account/tfa/disable', { password: account.password }, as(s)), 400, 'Enter the code from your authenticator app.');
    expect(expectOk<TfaStatus>(await get(t.app, '/svc/account/tfa', as(s))).enabled).toBe(true);
    const off = expectOk<TfaStatus>(await post(t.app, '/svc/account/tfa/disable', { password: account.password, code: recovery[0]! }, as(s)));
    expect(off).toEqual({ enabled: false, recovery_codes_left: 0 });
    expectOk(await loginFrom('192.0.2.46', credentials(account)));
  });

  it(`counts wrong codes against the login limit (${LOGIN_FAILURE_LIMIT}) even with the right password`, async () => {
    const { account, s, secret } = await enrolled('disable-limit');
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      expectError(await post(t.app, '/svc/account/tfa/disable', { password: account.password, code: String(200000 + i) }, as(s)), 400);
    }
    expectError(await post(t.app, '/svc/account/tfa/disable', { password: account.password, code: await codeAt(secret, 1) }, as(s)), 429);
    expect(expectOk<TfaStatus>(await get(t.app, '/svc/account/tfa', as(s))).enabled).toBe(true);
  });

  it('is refused logged out and without the form key', async () => {
    const { account, s } = await enrolled('disable-auth');
    expectError(await post(t.app, '/svc/account/tfa/disable', { password: account.password, code: '123456' }), 401);
    expectError(await post(t.app, '/svc/account/tfa/disable', { password: account.password, code: '123456' }, { cookie: s.cookie }), 403);
  });
});
