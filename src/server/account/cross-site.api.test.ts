import { SIGNED_IN_COOKIE } from '../../shared/signed-in-cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfoResponse } from '../../shared/types';
import { ErrorCode } from '../http/errors';
import { CROSS_SITE_MESSAGE } from '../http/same-site';
import {
  countRows,
  createTestApp,
  expectError,
  expectOk,
  get,
  newAccount,
  post,
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

const LOGIN = '/svc/account/login';
const REGISTER = '/svc/account/register';
const send = (url: string, body: object, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload: body, headers: { host: 'localhost:3000', ...headers } });

describe('login and registration from another site', () => {
  const account = newAccount('csrf');
  beforeAll(async () => {
    await register(t.app, account);
  });

  const refused: [string, Record<string, string>][] = [
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['Origin: null (a sandboxed frame)', { origin: 'null' }],
  ];
  it.each(refused)('refuses a login with %s: 403, with a message, and no session', async (_case, headers) => {
    const before = await countRows(t.db);
    const res = await send(LOGIN, { email: account.email, password: account.password }, headers);
    const body = expectError(res, 403, CROSS_SITE_MESSAGE);
    expect(body.errors![0]!.code).toBe(ErrorCode.crossSite);
    expect(res.cookies).toEqual([]);
    expect(await countRows(t.db)).toEqual(before);
  });

  it.each(refused)('refuses a registration with %s and creates nothing', async (_case, headers) => {
    const before = await countRows(t.db);
    expectError(await send(REGISTER, newAccount('csrf-reg'), headers), 403, CROSS_SITE_MESSAGE);
    expect(await countRows(t.db)).toEqual(before);
  });

  const allowed: [string, Record<string, string>][] = [
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:3000' }],
    ['the Origin of PUBLIC_URL', { origin: 'http://localhost:3000' }],
    ['the Origin of the address it was reached at', { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' }],
    ['no Origin and no Sec-Fetch-Site (not a browser)', {}],
  ];
  it.each(allowed)('logs in with %s', async (_case, headers) => {
    expectOk(await send(LOGIN, { email: account.email, password: account.password }, headers));
  });
});

describe('a verification link opened while logged in to another account', () => {
  it('asks first: the link answers with the question page, verifying nothing and keeping the session', async () => {
    const visitor = await register(t.app, newAccount('visitor'));
    const stranger = newAccount('stranger');
    await register(t.app, stranger);
    const link = await verificationPath(t.dataDir, stranger.email);
    const token = link.split('/').at(-1)!;

    const res = await get(t.app, link, { cookie: visitor.cookie });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/verify-email#${token}`);
    // The session is kept: no cookie changes but the signed-in hint, which only says one is there.
    expect(res.cookies.filter((cookie) => cookie.name !== SIGNED_IN_COOKIE)).toEqual([]);
    expect((await userInfo(t.app, visitor)).email).toBe(visitor.body.response.user.email);
    expect((await userByEmail(t.db, stranger.email)).email_verified_at).toBeNull();

    // The page's answer needs the session's form key: another site cannot send it.
    expectError(await post(t.app, '/svc/account/verify', { token }, { cookie: visitor.cookie }), 403);
    expect((await userByEmail(t.db, stranger.email)).email_verified_at).toBeNull();

    // Confirmed: verified, and now logged in to the link's account; the old session is over.
    const confirmed = await post(t.app, '/svc/account/verify', { token }, visitor);
    expect(expectOk<UserInfoResponse>(confirmed).user.email).toBe(stranger.email);
    expect((await userInfo(t.app, { cookie: sessionCookie(confirmed) })).is_verified_email).toBe(true);
    expectError(await get(t.app, '/svc/user/info', { cookie: visitor.cookie }), 401);

    // Spent.
    const again = await register(t.app, newAccount('again'));
    const body = expectError(await post(t.app, '/svc/account/verify', { token }, again), 400, /used up or has expired/);
    expect(body.errors![0]!.code).toBe(ErrorCode.invalidVerification);
  });

  it('still verifies and logs in at once when nobody is logged in', async () => {
    const person = newAccount('fresh');
    await register(t.app, person);
    const res = await get(t.app, await verificationPath(t.dataDir, person.email));
    expect(res.headers.location).toBe('/dashboard');
    expect((await userInfo(t.app, { cookie: sessionCookie(res) })).is_verified_email).toBe(true);
  });
});
