import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TfaSetup } from '../../shared/account-settings';
import { LOGIN_FAILURE_LIMIT } from '../../shared/constants';
import { ErrorCode } from '../http/errors';
import { createTestApp, expectError, expectOk, get, newAccount, post, readOutbox, register, type NewAccount, type Session, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const RESET = '/svc/account/password_reset';
const CONFIRM = '/svc/account/password_reset/confirm';
const NEW_PASSWORD = 'purple elephant marmalade';

let addresses = 0;
/** Each test asks from its own client address, so the per-address limit is only met where it is tested. */
const nextAddress = () => `198.51.100.${++addresses}`;

const ask = (email: string, address: string) => t.app.inject({ method: 'POST', url: RESET, payload: { email }, remoteAddress: address });
const confirm = (token: string, new_password = NEW_PASSWORD, cookie?: string, address = '203.0.113.1') =>
  t.app.inject({ method: 'POST', url: CONFIRM, payload: { token, new_password }, headers: cookie ? { cookie } : {}, remoteAddress: address });
const loginWith = (email: string, password: string, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/svc/account/login', payload: { email, password, ...extra }, remoteAddress: nextAddress() });

/** The reset emails to this address so far, oldest first. */
async function resetMails(email: string) {
  const mails = await readOutbox(t.dataDir);
  return mails.filter((m) => m.includes(`To: ${email}`) && m.includes('Choose a new password'));
}

/** The token of the newest reset email to this address, waiting for it: the email goes out after the answer. */
async function tokenFor(email: string, count = 1): Promise<string> {
  for (let tries = 0; tries < 100; tries++) {
    const mails = await resetMails(email);
    if (mails.length >= count) {
      const token = mails.at(-1)!.match(/\/reset-password#([A-Za-z0-9_-]+)/)?.[1];
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`No reset email to ${email}`);
}

async function accountWithLink(prefix: string): Promise<{ account: NewAccount; s: Session; token: string }> {
  const account = newAccount(prefix);
  const s = await register(t.app, account);
  expectOk(await ask(account.email, nextAddress()));
  return { account, s, token: await tokenFor(account.email) };
}

describe('POST /svc/account/password_reset', () => {
  it('answers the same for an address with an account and one without; only the account is emailed', async () => {
    const account = newAccount('known');
    await register(t.app, account);
    const known = await ask(account.email.toUpperCase(), nextAddress());
    const unknown = await ask('nobody-here@example.com', nextAddress());
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(expectOk(known)).toEqual({ sent: true });
    const token = await tokenFor(account.email);
    // Only the hash is stored.
    const rows = await t.db.selectFrom('password_resets').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(await resetMails('nobody-here@example.com')).toEqual([]);
  });

  it('the email greets the blog, links to the reset page and says the link works once, for an hour', async () => {
    const { account } = await accountWithLink('mail');
    const mail = (await resetMails(account.email))[0]!;
    expect(mail).toContain(`Hi ${account.blog_name},`);
    expect(mail).toMatch(/http:\/\/localhost:3000\/reset-password#[A-Za-z0-9_-]{43}/);
    expect(mail).toContain('The link works once, for 60 minutes.');
  });

  it("the email's HTML shows the blog's name as text, never as markup (mail/templates.ts)", async () => {
    const account = newAccount('escape');
    await register(t.app, account);
    // A name no form accepts, as an older row could hold it.
    const hostile = `x"><img src=x onerror=alert(1)>`;
    await t.db.updateTable('blogs').set({ name: hostile }).where('name', '=', account.blog_name).execute();
    expectOk(await ask(account.email, nextAddress()));
    await tokenFor(account.email);
    const mail = (await resetMails(account.email))[0]!;
    const [text, html] = mail.split(/Content-Type: text\/html[^\n]*\n/) as [string, string];
    expect(html).not.toContain('<img');
    expect(html).toContain('<p>Hi x&quot;&gt;&lt;img src=x onerror=alert(1)&gt;,</p>');
    // The text body carries the name as it is.
    expect(text).toContain(`Hi ${hostile},`);
  });

  it('is refused when a page of another site sends it, like login (no form key, same-site only)', async () => {
    const account = newAccount('cross');
    await register(t.app, account);
    for (const [url, payload] of [[RESET, { email: account.email }], [CONFIRM, { token: 'x', new_password: NEW_PASSWORD }]] as const) {
      const res = await t.app.inject({ method: 'POST', url, payload, headers: { 'sec-fetch-site': 'cross-site' }, remoteAddress: nextAddress() });
      expect(expectError(res, 403).errors![0]!.code).toBe(ErrorCode.crossSite);
    }
    expect(await resetMails(account.email)).toEqual([]);
  });

  it('refuses a missing or malformed email with a message', async () => {
    expectError(await t.app.inject({ method: 'POST', url: RESET, payload: {}, remoteAddress: nextAddress() }), 400, 'Enter your email address.');
    expectError(await ask('not-an-email', nextAddress()), 400, 'That email address does not look right.');
  });

  it('limits the emails per address asked about (5 an hour), known or not, and says so', async () => {
    for (const email of [newAccount('limit').email, 'no-account-limit@example.com']) {
      for (let i = 0; i < 5; i++) expectOk(await ask(email, nextAddress()));
      const refused = expectError(await ask(email, nextAddress()), 429, /^Too many password reset emails asked for this address: at most 5 an hour\. Try again in /);
      expect(refused.errors![0]!.code).toBe(ErrorCode.rateLimited);
    }
  });

  it('limits the asks from one client address (20 an hour)', async () => {
    const address = nextAddress();
    for (let i = 0; i < 20; i++) expectOk(await ask(`many-${i}@example.com`, address));
    const res = await ask('one-more@example.com', address);
    expectError(res, 429, /^Too many password reset emails asked for from your network: at most 20 an hour\./);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
  });
});

describe('POST /svc/account/password_reset/confirm', () => {
  it('sets the new password once: the old one and the spent link no longer work', async () => {
    const { account, token } = await accountWithLink('once');
    expect(expectOk(await confirm(token))).toEqual({ changed: true });
    expectError(await loginWith(account.email, account.password), 401, 'Wrong email or password.');
    expectOk(await loginWith(account.email, NEW_PASSWORD));
    const again = expectError(await confirm(token, 'another long phrase here'), 400, /used up, replaced by a newer one or over an hour old/);
    expect(again.errors![0]!.code).toBe(ErrorCode.invalidPasswordReset);
    expectOk(await loginWith(account.email, NEW_PASSWORD));
  });

  it('refuses a link over an hour old', async () => {
    const { account, token } = await accountWithLink('old');
    const user = await t.db.selectFrom('users').select('id').where('email', '=', account.email).executeTakeFirstOrThrow();
    // As if it had been sent an hour and a second ago.
    await t.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', user.id).execute();
    expectError(await confirm(token), 400, /over an hour old/);
    expectOk(await loginWith(account.email, account.password));
  });

  it('a newer link replaces the older one', async () => {
    const { account, token: first } = await accountWithLink('newer');
    expectOk(await ask(account.email, nextAddress()));
    const second = await tokenFor(account.email, 2);
    expect(second).not.toBe(first);
    expectError(await confirm(first), 400, /replaced by a newer one/);
    expectOk(await confirm(second));
  });

  it('ends every session of the account, and the one it was sent from', async () => {
    const { account, s, token } = await accountWithLink('sessions');
    const other = expectOk<{ form_key: string }>(await loginWith(account.email, account.password));
    expect(other.form_key).toBeTruthy();
    const res = await confirm(token, NEW_PASSWORD, s.cookie);
    expectOk(res);
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    const left = await t.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.id')
      .where('users.email', '=', account.email)
      .execute();
    expect(left).toEqual([]);
    expectError(await get(t.app, '/svc/user/info', { cookie: s.cookie }), 401);
  });

  it('refuses a guessable password with a message on new_password, and the link stays good', async () => {
    const { account, token } = await accountWithLink('weak');
    const res = expectError(await confirm(token, 'password123'), 400, /too easy to guess/);
    expect(res.errors![0]!.field).toBe('new_password');
    expectError(await confirm(token, 'short'), 400, 'Your new password must be at least 8 characters.');
    expectError(await confirm('', NEW_PASSWORD), 400, 'Open the link from the email again: its token is missing.');
    expectError(await confirm('no-such-token'), 400, /used up/);
    expectOk(await confirm(token));
    expectOk(await loginWith(account.email, NEW_PASSWORD));
  });

  it('leaves two-factor on: the login after a reset still asks for the code', async () => {
    const { account, s } = await accountWithLink('tfa');
    const as = { cookie: s.cookie, formKey: s.formKey };
    const setup = expectOk<TfaSetup>(await post(t.app, '/svc/account/tfa/setup', {}, as));
    expectOk(await post(t.app, '/svc/account/tfa/enable', { code: await generate({ secret: setup.secret }) }, as));
    expectOk(await ask(account.email, nextAddress()));
    expectOk(await confirm(await tokenFor(account.email, 2)));
    const res = expectError(await loginWith(account.email, NEW_PASSWORD), 401);
    expect(res.errors![0]!.code).toBe(ErrorCode.tfaRequired);
    const later = await generate({ secret: setup.secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    expectOk(await loginWith(account.email, NEW_PASSWORD, { tfa_code: later }));
  });

  it("forgets this device's failed logins of the account: someone locked out by guessing gets in with the new password", async () => {
    const { account, token } = await accountWithLink('locked');
    const device = nextAddress();
    const tryLogin = (password: string) =>
      t.app.inject({ method: 'POST', url: '/svc/account/login', payload: { email: account.email, password }, remoteAddress: device });
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) expectError(await tryLogin(`wrong guess number ${i}`), 401);
    expectError(await tryLogin(account.password), 429);
    expectOk(await confirm(token, NEW_PASSWORD, undefined, device));
    expectOk(await tryLogin(NEW_PASSWORD));
  });
});
