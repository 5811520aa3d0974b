import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_IN_COOKIE } from '../../shared/signed-in-cookie';
import { createTestApp, get, newAccount, post, register, type TestApp } from '../test/test-app';
import { SESSION_COOKIE } from './session';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the signed-in hint beside the session cookie', () => {
  it('comes with a session, readable by the page, holding no secret, and lasts as long', async () => {
    const account = newAccount('hint');
    for (const res of [(await register(t.app, account)).res, await post(t.app, '/svc/account/login', { email: account.email, password: account.password })]) {
      expect(res.statusCode).toBe(200);
      const sid = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
      const hint = res.cookies.find((c) => c.name === SIGNED_IN_COOKIE)!;
      expect(sid.httpOnly).toBe(true);
      expect(hint).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
      expect(hint.httpOnly).toBeFalsy();
      expect(hint.expires).toEqual(sid.expires);
    }
  });

  it('goes at logout, with the session cookie', async () => {
    const ann = await register(t.app);
    const res = await post(t.app, '/svc/account/logout', {}, ann);
    expect(res.statusCode).toBe(200);
    for (const name of [SESSION_COOKIE, SIGNED_IN_COOKIE]) {
      const cleared = res.cookies.find((c) => c.name === name);
      expect(cleared?.value, name).toBe('');
      expect(cleared?.expires!.getTime(), name).toBeLessThanOrEqual(Date.now());
    }
  });
});

describe('a session without the hint', () => {
  it('gets it back with its next answer, a page included, so the page does not take it for logged out', async () => {
    const ann = await register(t.app);
    for (const url of ['/svc/user/info', '/dashboard']) {
      const res = await get(t.app, url, ann);
      expect(res.cookies.find((c) => c.name === SIGNED_IN_COOKIE)?.value, url).toBe('1');
    }
    // With the hint sent, nothing more is set.
    const withHint = await t.app.inject({ method: 'GET', url: '/svc/user/info', headers: { cookie: `${ann.cookie}; ${SIGNED_IN_COOKIE}=1` } });
    expect(withHint.cookies.find((c) => c.name === SIGNED_IN_COOKIE)).toBeUndefined();
    // No session, no hint.
    expect((await get(t.app, '/svc/user/info')).cookies).toEqual([]);
  });
});
