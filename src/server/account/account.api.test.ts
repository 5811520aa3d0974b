import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS } from '../../shared/constants';
import type { UserInfoResponse } from '../../shared/types';
import { BODY_LIMIT } from '../app';
import { ErrorCode } from '../http/errors';
import { SESSION_COOKIE } from '../http/session';
import { hashToken } from '../http/tokens';
import {
  countRows,
  createTestApp,
  expectError,
  expectOk,
  get,
  login,
  newAccount,
  post,
  readOutbox,
  register,
  sessionCookie,
  userByEmail,
  userInfo,
  verificationPath,
  type TestApp,
} from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const REGISTER = '/svc/account/register';
const LOGIN = '/svc/account/login';
const RESEND = '/svc/account/resend_verification';

describe('POST /svc/account/register', () => {
  it('creates the user, the primary blog, a session and a verification token', async () => {
    const account = newAccount('reg');
    const before = await countRows(t.db);
    const res = await post(t.app, REGISTER, { ...account, email: `  ${account.email.toUpperCase()} ` });
    const response = expectOk<UserInfoResponse & { verification_email_sent: boolean }>(res);
    expect(response.verification_email_sent).toBe(true);
    expect(response.user).toMatchObject({ email: account.email, primary: account.blog_name, is_verified_email: false });
    expect(response.user.channels.map((c) => c.name)).toEqual([account.blog_name]);
    expect(response.form_key).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const sid = res.cookies.find((c) => c.name === 'sid')!;
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    expect(await countRows(t.db)).toEqual({
      ...before,
      users: before.users + 1,
      blogs: before.blogs + 1,
      sessions: before.sessions + 1,
      email_verifications: before.email_verifications + 1,
    });
    const user = await userByEmail(t.db, account.email);
    const blog = await t.db.selectFrom('blogs').selectAll().where('name', '=', account.blog_name).executeTakeFirstOrThrow();
    expect(blog).toMatchObject({ user_id: user.id, title: account.blog_name });
    expect(user).toMatchObject({ primary_blog_id: blog.id, current_blog_id: blog.id, email_verified_at: null });
    // The password is stored hashed.
    expect(user.password_hash).not.toContain(account.password);
    expect(user.password_hash).toMatch(/^\$argon2/);
  });

  it('accepts a urlencoded form body', async () => {
    const account = newAccount('form');
    const res = await post(t.app, REGISTER, new URLSearchParams({ ...account }));
    expect(expectOk<UserInfoResponse>(res).user.primary).toBe(account.blog_name);
    await userByEmail(t.db, account.email);
  });

  const invalid: [string, Record<string, unknown>, string, string?][] = [
    ['a missing email', { email: undefined }, 'Enter your email address.', 'email'],
    ['a missing password', { password: undefined }, 'Choose a password.', 'password'],
    ['a missing blog name', { blog_name: undefined }, 'Choose a blog name.', 'blog_name'],
    ['a number for the email', { email: 12345 }, 'Email must be text.', 'email'],
    ['an object for the password', { password: { a: 1 } }, 'Password must be text.', 'password'],
    ['an email without @', { email: 'not-an-email' }, 'That email address does not look right.', 'email'],
    ['a short password', { password: 'seven77' }, 'Your password must be at least 8 characters.', 'password'],
    ['an empty blog name', { blog_name: '' }, 'Choose a blog name.', 'blog_name'],
    ['a 33-character blog name', { blog_name: 'a'.repeat(33) }, 'Blog names can be at most 32 characters long.'],
    ['uppercase in the blog name', { blog_name: 'MyBlog' }, 'Blog names can only use lowercase letters a-z, numbers 0-9 and hyphens.'],
    ['an underscore in the blog name', { blog_name: 'my_blog' }, 'Blog names can only use lowercase letters a-z, numbers 0-9 and hyphens.'],
    ['a leading hyphen', { blog_name: '-myblog' }, 'Blog names cannot start or end with a hyphen.'],
    ['a trailing hyphen', { blog_name: 'myblog-' }, 'Blog names cannot start or end with a hyphen.'],
    ['a reserved word', { blog_name: 'dashboard' }, '"dashboard" is reserved. Choose another blog name.'],
  ];
  it.each(invalid)('refuses %s with 400 and changes nothing', async (_case, change, message, field = 'blog_name') => {
    const before = await countRows(t.db);
    const res = await post(t.app, REGISTER, { ...newAccount('bad'), ...change });
    const body = expectError(res, 400, message);
    expect(body.errors![0]).toMatchObject({ code: ErrorCode.invalidInput, title: message, field });
    expect(res.cookies).toEqual([]);
    expect(await countRows(t.db)).toEqual(before);
  });

  it('accepts a 32-character blog name, the longest allowed', async () => {
    const account = { ...newAccount('long'), blog_name: `long-${'9'.repeat(25)}-x` };
    expect(account.blog_name).toHaveLength(32);
    expectOk(await post(t.app, REGISTER, account));
  });

  it('refuses an email that is taken, in any case, with 409 on the email field', async () => {
    const first = newAccount('dup');
    await register(t.app, first);
    const before = await countRows(t.db);
    const res = await post(t.app, REGISTER, { ...newAccount('dup2'), email: first.email.toUpperCase() });
    const body = expectError(res, 409, 'An account with this email address already exists. Log in instead?');
    expect(body.errors![0]).toMatchObject({ code: ErrorCode.emailTaken, field: 'email' });
    expect(await countRows(t.db)).toEqual(before);
  });

  it('refuses a blog name that is taken with 409 on blog_name, leaving no user behind', async () => {
    const first = newAccount('dupname');
    await register(t.app, first);
    const before = await countRows(t.db);
    const other = { ...newAccount('dupname2'), blog_name: first.blog_name };
    const body = expectError(await post(t.app, REGISTER, other), 409, `The blog name "${first.blog_name}" is taken. Try another one.`);
    expect(body.errors![0]).toMatchObject({ code: ErrorCode.blogNameTaken, field: 'blog_name' });
    expect(await countRows(t.db)).toEqual(before);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', other.email).executeTakeFirst()).toBeUndefined();
  });

  it('answers malformed JSON with 400', async () => {
    const before = await countRows(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: REGISTER,
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", ',
    });
    expectError(res, 400, 'The request body is not valid JSON.');
    expect(await countRows(t.db)).toEqual(before);
  });

  it('answers a body over 1 MB with 413', async () => {
    const res = await post(t.app, REGISTER, { ...newAccount('big'), padding: 'x'.repeat(BODY_LIMIT) });
    expectError(res, 413, 'The request body is larger than the 1 MB limit.');
  });

  it('answers a form body over 1 MB with 413', async () => {
    const form = new URLSearchParams({ ...newAccount('bigform'), padding: 'x'.repeat(BODY_LIMIT) });
    expectError(await post(t.app, REGISTER, form), 413, 'The request body is larger than the 1 MB limit.');
  });

  it('answers a body type it does not read with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: REGISTER,
      headers: { 'content-type': 'application/xml' },
      payload: '<email>a@b.c</email>',
    });
    expectError(res, 415, /as JSON \(application\/json\) or as a form/);
    const text = await t.app.inject({ method: 'POST', url: REGISTER, headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expectError(text, 415, /as JSON \(application\/json\) or as a form/);
  });

  it('answers a JSON body that is not an object with 400 saying what it must be', async () => {
    for (const payload of ['[1,2]', '"text"', '42']) {
      const res = await t.app.inject({ method: 'POST', url: REGISTER, headers: { 'content-type': 'application/json' }, payload });
      expectError(res, 400, 'The request body must be a JSON object or a form, with named fields.');
    }
  });
});

describe('GET /svc/account/verify/:token', () => {
  it('verifies the emailed link, logs the opener in and sends them to the dashboard', async () => {
    const account = newAccount('verify');
    await register(t.app, account);
    const mail = (await readOutbox(t.dataDir)).find((m) => m.includes(`To: ${account.email}`))!;
    expect(mail).toMatch(/^Subject: Verify your email address$/m);
    const link = await verificationPath(t.dataDir, account.email);
    expect(mail).toContain(`http://localhost:3000${link}`);

    const res = await get(t.app, link);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dashboard');
    const cookie = sessionCookie(res);
    const user = await userInfo(t.app, { cookie });
    expect(user).toMatchObject({ email: account.email, is_verified_email: true, can_message: true });
    expect(user.channels[0]!.can_send_messages).toBe(true);
    const row = await userByEmail(t.db, account.email);
    expect(row.email_verified_at).toBeInstanceOf(Date);
    const left = await t.db.selectFrom('email_verifications').select('token_hash').where('user_id', '=', row.id).execute();
    expect(left).toEqual([]);

    // The link is spent.
    const again = await get(t.app, link);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/login?verify=invalid');
  });

  it('keeps the session of the same user who opens it', async () => {
    const account = newAccount('verify-same');
    const { cookie } = await register(t.app, account);
    const before = await countRows(t.db);
    const res = await get(t.app, await verificationPath(t.dataDir, account.email), { cookie });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dashboard');
    expect((await countRows(t.db)).sessions).toBe(before.sessions);
    expect((await userInfo(t.app, { cookie })).is_verified_email).toBe(true);
  });

  it('refuses an expired link', async () => {
    const account = newAccount('verify-old');
    await register(t.app, account);
    const user = await userByEmail(t.db, account.email);
    await sql`update email_verifications set expires_at = now() - interval '1 minute' where user_id = ${user.id}`.execute(t.db);
    const res = await get(t.app, await verificationPath(t.dataDir, account.email));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login?verify=invalid');
    expect((await userByEmail(t.db, account.email)).email_verified_at).toBeNull();
  });

  it('sends a bad token to /login?verify=invalid and changes nothing', async () => {
    const before = await countRows(t.db);
    const res = await get(t.app, '/svc/account/verify/not-a-real-token');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login?verify=invalid');
    expect(res.cookies).toEqual([]);
    expect(await countRows(t.db)).toEqual(before);
  });
});

describe('POST /svc/account/resend_verification', () => {
  it('sends a new link once a minute has passed since the last one, and refuses a second within the minute', async () => {
    const account = newAccount('resend');
    const s = await register(t.app, account);
    const user = await userByEmail(t.db, account.email);
    const mailsBefore = (await readOutbox(t.dataDir)).length;

    // The registration email went out just now: asking again at once is too soon.
    const soon = expectError(await post(t.app, RESEND, {}, s), 429, /less than a minute ago/);
    expect(soon.errors![0]!.code).toBe(ErrorCode.verificationThrottled);

    // Make the registration email a couple of minutes old (moving its time, not waiting).
    await sql`update email_verifications set created_at = now() - interval '2 minutes' where user_id = ${user.id}`.execute(t.db);
    expect(expectOk(await post(t.app, RESEND, {}, s))).toEqual({ sent: true });
    expect((await readOutbox(t.dataDir)).length).toBe(mailsBefore + 1);
    const rows = await t.db.selectFrom('email_verifications').select('token_hash').where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(2);

    const twice = await post(t.app, RESEND, {}, s);
    expectError(twice, 429, /Try again in (\d+ seconds|1 minute) \(at/);
    const retryAfter = Number(twice.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await readOutbox(t.dataDir)).length).toBe(mailsBefore + 1);

    // The newest link works.
    const res = await get(t.app, await verificationPath(t.dataDir, account.email));
    expect(res.headers.location).toBe('/dashboard');
  });

  it('answers 409 when the email is already verified', async () => {
    const account = newAccount('resend-done');
    const s = await register(t.app, account);
    await get(t.app, await verificationPath(t.dataDir, account.email), s);
    const before = await countRows(t.db);
    const body = expectError(await post(t.app, RESEND, {}, s), 409, 'Your email address is already verified.');
    expect(body.errors![0]!.code).toBe(ErrorCode.alreadyVerified);
    expect(await countRows(t.db)).toEqual(before);
  });

  it('needs the form key (403) and a session (401)', async () => {
    const s = await register(t.app);
    const before = await countRows(t.db);
    expectError(await post(t.app, RESEND, {}, { cookie: s.cookie }), 403);
    expectError(await post(t.app, RESEND, {}), 401, 'You need to log in to do that.');
    expect(await countRows(t.db)).toEqual(before);
  });
});

describe('POST /svc/account/login', () => {
  const account = newAccount('login');
  /** Failures counted for this email from the test's address (app.inject's 127.0.0.1). */
  const pairHits = async (email: string) => {
    const row = await t.db.selectFrom('rate_limits').select('hits').where('key', '=', `login-pair:${email} 127.0.0.1`).executeTakeFirst();
    return Number(row?.hits ?? 0);
  };
  beforeAll(async () => {
    await register(t.app, account);
  });

  it('logs in with the right email (in any case) and password, starting a new session', async () => {
    const before = await countRows(t.db);
    const s = await login(t.app, { email: account.email.toUpperCase(), password: account.password });
    expect(s.body.response.user).toMatchObject({ email: account.email, primary: account.blog_name });
    expect(s.formKey).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(await countRows(t.db)).toEqual({ ...before, sessions: before.sessions + 1 });
    expect((await userInfo(t.app, s)).email).toBe(account.email);
  });

  it('ends the session it was sent with and starts another', async () => {
    const old = await login(t.app, account);
    const before = await countRows(t.db);
    const again = await post(t.app, LOGIN, { email: account.email, password: account.password }, { cookie: old.cookie });
    expect(again.statusCode).toBe(200);
    const cookie = sessionCookie(again);
    expect(cookie).not.toBe(old.cookie);
    expect(await countRows(t.db)).toEqual(before);
    expectError(await get(t.app, '/svc/user/info', { cookie: old.cookie }), 401);
    expect((await userInfo(t.app, { cookie })).email).toBe(account.email);
  });

  it('refuses a wrong password with 401 and counts the failure', async () => {
    const before = await countRows(t.db);
    const res = await post(t.app, LOGIN, { email: account.email, password: 'wrong password' });
    const body = expectError(res, 401, 'Wrong email or password.');
    expect(body.errors![0]!.code).toBe(ErrorCode.wrongCredentials);
    expect(res.cookies).toEqual([]);
    expect(await countRows(t.db)).toEqual(before);
    expect(await pairHits(account.email)).toBe(1);
  });

  it('refuses an unknown email with the same 401', async () => {
    const res = await post(t.app, LOGIN, { email: 'nobody-here@example.com', password: account.password });
    expectError(res, 401, 'Wrong email or password.');
  });

  it('refuses missing fields with 400', async () => {
    expectError(await post(t.app, LOGIN, { email: account.email }), 400, 'Enter your password.');
    expectError(await post(t.app, LOGIN, { password: 'x' }), 400, 'Enter your email address.');
  });

  it(`refuses the attempt after ${LOGIN_FAILURE_LIMIT} failures with 429, even with the right password`, async () => {
    const locked = newAccount('locked');
    const other = newAccount('unlocked');
    await register(t.app, locked);
    await register(t.app, other);
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      expectError(await post(t.app, LOGIN, { email: locked.email, password: `wrong ${i}` }), 401);
    }
    const before = await countRows(t.db);
    const res = await post(t.app, LOGIN, { email: locked.email, password: locked.password });
    const body = expectError(res, 429, /Try again/);
    expect(body.errors![0]!.code).toBe(ErrorCode.tooManyLogins);
    expect(res.cookies).toEqual([]);
    const retryAfter = Number(res.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_FAILURE_WINDOW_MS / 1000);
    // The email's case makes no difference, and refused attempts are not counted again.
    expectError(await post(t.app, LOGIN, { email: locked.email.toUpperCase(), password: locked.password }), 429);
    expect(await countRows(t.db)).toEqual(before);

    // Another email is unaffected.
    await login(t.app, other);
  });

  it('clears the failures of an email after a good login', async () => {
    const person = newAccount('clears');
    await register(t.app, person);
    for (let i = 0; i < LOGIN_FAILURE_LIMIT - 1; i++) {
      expectError(await post(t.app, LOGIN, { email: person.email, password: 'nope nope' }), 401);
    }
    expect(await pairHits(person.email)).toBe(LOGIN_FAILURE_LIMIT - 1);
    await login(t.app, person);
    expect(await pairHits(person.email)).toBe(0);
    expectError(await post(t.app, LOGIN, { email: person.email, password: 'nope nope' }), 401);
    await login(t.app, person);
  });
});

describe('POST /svc/account/logout', () => {
  it('ends the session on the server and clears the cookie', async () => {
    const account = newAccount('logout');
    await register(t.app, account);
    const s = await login(t.app, account);
    const other = await login(t.app, account);
    const before = await countRows(t.db);

    const res = await post(t.app, '/svc/account/logout', {}, s);
    expect(expectOk(res)).toEqual({});
    const cleared = res.cookies.find((c) => c.name === 'sid')!;
    expect(cleared.value).toBe('');
    expect(await countRows(t.db)).toEqual({ ...before, sessions: before.sessions - 1 });
    const sessionId = hashToken(s.cookie.slice(`${SESSION_COOKIE}=`.length));
    expect(await t.db.selectFrom('sessions').select('id').where('id', '=', sessionId).executeTakeFirst()).toBeUndefined();

    expectError(await get(t.app, '/svc/user/info', { cookie: s.cookie }), 401, 'You need to log in to do that.');
    // The person's other sessions stay.
    expect((await userInfo(t.app, other)).email).toBe(account.email);
  });

  it('needs the form key', async () => {
    const s = await register(t.app);
    const before = await countRows(t.db);
    expectError(await post(t.app, '/svc/account/logout', {}, { cookie: s.cookie }), 403);
    expect(await countRows(t.db)).toEqual(before);
    expect((await userInfo(t.app, s)).channels).toHaveLength(1);
  });
});
