import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSession, EmailPreferences } from '../../shared/account-settings';
import type { UserInfoResponse } from '../../shared/types';
import { asOwner as as } from '../test/posts';
import { EMAIL_CHANGE_RULE } from './credentials';
import {
  countRows,
  createTestApp,
  expectError,
  expectOk,
  get,
  login,
  markVerified,
  newAccount,
  post,
  readOutbox,
  register,
  userByEmail,
  verificationPath,
  type Session,
  type TestApp,
} from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:140.0) Gecko/140.0 Firefox/140.0';

async function loginWith(account: { email: string; password: string }, userAgent: string, address: string): Promise<Session> {
  const res = await t.app.inject({ method: 'POST', url: '/svc/account/login', payload: account, headers: { 'user-agent': userAgent }, remoteAddress: address });
  const body = res.json() as { response: UserInfoResponse };
  const sid = res.cookies.find((c) => c.name === 'sid')!;
  return { cookie: `sid=${sid.value}`, formKey: body.response.form_key, body: res.json(), res };
}

const sessionsOf = async (s: Session) => expectOk<{ sessions: AccountSession[] }>(await get(t.app, '/svc/account/sessions', as(s))).sessions;
const del = (url: string, s?: Session) =>
  t.app.inject({ method: 'DELETE', url, headers: s ? { cookie: s.cookie, 'x-form-key': s.formKey } : {} });

describe('GET /svc/account/sessions and DELETE /svc/account/sessions/{id}', () => {
  it('lists each session with its device, address hash, last use and which one is this', async () => {
    const account = newAccount('sessions');
    await register(t.app, account);
    const desk = await loginWith(account, CHROME_LINUX, '192.0.2.60');
    const phone = await loginWith(account, FIREFOX_ANDROID, '198.51.100.61');
    const list = await sessionsOf(desk);
    expect(list).toHaveLength(3);
    const mine = list.filter((s) => s.current);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.device).toBe('Chrome on Linux');
    const other = list.find((s) => s.device === 'Firefox on Android')!;
    expect(other.current).toBe(false);
    expect(other.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(other.address_hash).toMatch(/^[0-9a-f]{12}$/);
    expect(other.address_hash).not.toBe(mine[0]!.address_hash);
    expect(Date.parse(other.last_used_at)).toBeGreaterThan(Date.now() - 60_000);
    // The list never shows the cookie's hash, nor the address.
    expect(JSON.stringify(list)).not.toContain('198.51.100.61');
    expect((await sessionsOf(phone)).find((s) => s.current)!.device).toBe('Firefox on Android');
  });

  it('ends another session: its next request is logged out, this one goes on', async () => {
    const account = newAccount('revoke');
    await register(t.app, account);
    const desk = await loginWith(account, CHROME_LINUX, '192.0.2.62');
    const phone = await loginWith(account, FIREFOX_ANDROID, '192.0.2.63');
    const target = (await sessionsOf(desk)).find((s) => s.device === 'Firefox on Android')!;
    expectOk(await get(t.app, '/svc/user/info', as(phone)));
    expect(expectOk(await del(`/svc/account/sessions/${target.id}`, desk))).toEqual({ ended: true, current: false });
    expectError(await get(t.app, '/svc/user/info', as(phone)), 401);
    expectOk(await get(t.app, '/svc/user/info', as(desk)));
    expectError(await del(`/svc/account/sessions/${target.id}`, desk), 404, 'There is no such session, or it has already ended. Reload the list.');
  });

  it("answers 404 for another person's session and for ids that are no session, and ends nothing", async () => {
    const a = await register(t.app, newAccount('mine'));
    const b = await register(t.app, newAccount('theirs'));
    const theirs = (await sessionsOf(b))[0]!;
    const before = await countRows(t.db);
    expectError(await del(`/svc/account/sessions/${theirs.id}`, a), 404);
    for (const junk of ['1', '9999999999999999999', 'x'.repeat(90), '00000000-0000-0000-0000-000000000000']) {
      expectError(await del(`/svc/account/sessions/${junk}`, a), 404);
    }
    expect(await countRows(t.db)).toEqual(before);
    expectOk(await get(t.app, '/svc/user/info', as(b)));
  });

  it('ending the current session logs this browser out', async () => {
    const s = await register(t.app, newAccount('self'));
    const current = (await sessionsOf(s)).find((x) => x.current)!;
    const res = await del(`/svc/account/sessions/${current.id}`, s);
    expect(expectOk(res)).toEqual({ ended: true, current: true });
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expectError(await get(t.app, '/svc/user/info', as(s)), 401);
  });
});

describe('POST /svc/account/password', () => {
  it('changes the password and ends every other session, keeping this one', async () => {
    const account = newAccount('password');
    const first = await register(t.app, account);
    const second = await login(t.app, account);
    const third = await login(t.app, account);
    expectOk(await post(t.app, '/svc/account/password', { current_password: account.password, new_password: 'violet tapestry orbit 42' }, as(first)));
    expectError(await get(t.app, '/svc/user/info', as(second)), 401);
    expectError(await get(t.app, '/svc/user/info', as(third)), 401);
    expectOk(await get(t.app, '/svc/user/info', as(first)));
    expectError(await post(t.app, '/svc/account/login', { email: account.email, password: account.password }), 401);
    expectOk(await post(t.app, '/svc/account/login', { email: account.email, password: 'violet tapestry orbit 42' }));
  });

  it('refuses a wrong current password, a weak or short new one, and changes nothing', async () => {
    const account = newAccount('weak');
    const s = await register(t.app, account);
    const other = await login(t.app, account);
    const hash = (await userByEmail(t.db, account.email)).password_hash;
    const cases: [object, string | RegExp][] = [
      [{ current_password: 'not it', new_password: 'violet tapestry orbit 42' }, 'That is not your current password.'],
      [{ current_password: account.password, new_password: 'password1' }, /too easy to guess/],
      [{ current_password: account.password, new_password: 'short' }, 'Your new password must be at least 8 characters.'],
      [{ current_password: account.password, new_password: `${account.blog_name}1` }, /too easy to guess/],
      [{ current_password: account.password }, 'Choose a new password.'],
      [{ new_password: 'violet tapestry orbit 42' }, 'Enter your current password.'],
      [{ current_password: account.password, new_password: ['violet tapestry orbit 42'] }, 'The new password must be text.'],
    ];
    for (const [body, message] of cases) {
      const error = expectError(await post(t.app, '/svc/account/password', body, as(s)), 400, message);
      expect(error.errors?.[0]?.field).toBeDefined();
    }
    expect((await userByEmail(t.db, account.email)).password_hash).toBe(hash);
    expectOk(await get(t.app, '/svc/user/info', as(other)));
  });
});

describe('POST /svc/account/email', () => {
  it('changes the address, marks it unverified and sends a new link that verifies it', async () => {
    const account = newAccount('email');
    const s = await register(t.app, account);
    await markVerified(t.db, s);
    const next = `new-${account.email}`;
    const info = expectOk<UserInfoResponse & { verification_email_sent: boolean }>(
      await post(t.app, '/svc/account/email', { email: next.toUpperCase(), password: account.password }, as(s)),
    );
    expect(info.user.email).toBe(next);
    expect(info.user.is_verified_email).toBe(false);
    expect(info.verification_email_sent).toBe(true);
    const link = await verificationPath(t.dataDir, next);
    expect((await get(t.app, link, as(s))).statusCode).toBe(303);
    expect((await userByEmail(t.db, next)).email_verified_at).not.toBeNull();
  });

  it('refuses a wrong password, a taken address, its own address and a bad one', async () => {
    const account = newAccount('email-bad');
    const s = await register(t.app, account);
    const taken = newAccount('taken');
    await register(t.app, taken);
    const mails = (await readOutbox(t.dataDir)).length;
    expectError(await post(t.app, '/svc/account/email', { email: 'x@example.org', password: 'nope nope' }, as(s)), 400, 'That is not your current password.');
    expectError(await post(t.app, '/svc/account/email', { email: taken.email, password: account.password }, as(s)), 409, 'An account with this email address already exists.');
    expectError(await post(t.app, '/svc/account/email', { email: account.email, password: account.password }, as(s)), 400, 'That is already your email address.');
    expectError(await post(t.app, '/svc/account/email', { email: 'not an email', password: account.password }, as(s)), 400, 'That email address does not look right.');
    expect((await userByEmail(t.db, account.email)).email).toBe(account.email);
    expect((await readOutbox(t.dataDir)).length).toBe(mails);
  });

  it(`sends at most ${EMAIL_CHANGE_RULE.limit} changes a day from one account`, async () => {
    const account = newAccount('email-limit');
    const s = await register(t.app, account);
    for (let i = 0; i < EMAIL_CHANGE_RULE.limit; i++) {
      expectOk(await post(t.app, '/svc/account/email', { email: `n${i}-${account.email}`, password: account.password }, as(s)));
    }
    const mails = (await readOutbox(t.dataDir)).length;
    const refused = await post(t.app, '/svc/account/email', { email: `late-${account.email}`, password: account.password }, as(s));
    expectError(refused, 429, /^Too many email address changes: at most 5 a day\. Try again /);
    expect((await readOutbox(t.dataDir)).length).toBe(mails);
  });
});

describe('GET and POST /svc/account/notifications', () => {
  it('has every email on by default, changes only what is sent, only for the person who asks', async () => {
    const s = await register(t.app, newAccount('prefs'));
    const other = await register(t.app, newAccount('prefs-other'));
    const all: EmailPreferences = { email_new_followers: true, email_asks: true, email_messages: true };
    expect(expectOk(await get(t.app, '/svc/account/notifications', as(s)))).toEqual(all);
    expect(expectOk(await post(t.app, '/svc/account/notifications', { email_asks: false }, as(s)))).toEqual({ ...all, email_asks: false });
    const form = new URLSearchParams({ email_new_followers: 'off', form_key: s.formKey });
    expect(expectOk(await post(t.app, '/svc/account/notifications', form, { cookie: s.cookie }))).toEqual({ ...all, email_asks: false, email_new_followers: false });
    expect(expectOk(await get(t.app, '/svc/account/notifications', as(other)))).toEqual(all);
  });

  it('refuses an empty change and values that are not yes or no', async () => {
    const s = await register(t.app, newAccount('prefs-bad'));
    expectError(await post(t.app, '/svc/account/notifications', {}, as(s)), 400, 'Send at least one setting to change: email_new_followers, email_asks or email_messages.');
    expectError(await post(t.app, '/svc/account/notifications', { email_messages: 'maybe' }, as(s)), 400, 'email_messages must be true or false.');
    expect(expectOk<EmailPreferences>(await get(t.app, '/svc/account/notifications', as(s))).email_messages).toBe(true);
  });
});

describe('the settings calls logged out', () => {
  it('answer 401 and change nothing', async () => {
    const before = await countRows(t.db);
    for (const url of ['/svc/account/sessions', '/svc/account/tfa', '/svc/account/notifications']) {
      expectError(await get(t.app, url), 401, 'You need to log in to do that.');
    }
    expectError(await del('/svc/account/sessions/00000000-0000-0000-0000-000000000000'), 401);
    expectError(await post(t.app, '/svc/account/password', { current_password: 'a', new_password: 'b' }), 401);
    expect(await countRows(t.db)).toEqual(before);
  });
});
