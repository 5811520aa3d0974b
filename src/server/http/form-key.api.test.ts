import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../app';
import { ErrorCode } from './errors';
import {
  countRows,
  createTestApp,
  expectError,
  expectOk,
  newAccount,
  post,
  register,
  userByEmail,
  userInfo,
  type As,
  type Session,
  type TestApp,
} from '../test/test-app';

const MUTATING = ['POST', 'PUT', 'PATCH', 'DELETE'];
const KNOWN_MUTATING = [
  'POST /svc/account/register',
  'POST /svc/account/login',
  'POST /svc/account/logout',
  'POST /svc/account/resend_verification',
  'POST /svc/user/settings',
  'POST /svc/account/password',
  'DELETE /svc/account/sessions/:id',
  'POST /svc/account/tfa/setup',
  'POST /svc/account/tfa/enable',
  'POST /svc/account/tfa/disable',
  'POST /svc/blog/create',
  'POST /svc/blog/select',
  'POST /svc/post/get_post_form_builder_data',
];
const BAD_FORM_KEY = 'This form has expired or did not come from this site. Reload the page and try again.';

let t: TestApp;
let me: Session;
let myEmail: string;
let someoneElse: Session;
let mutating: RouteEntry[];

beforeAll(async () => {
  t = await createTestApp();
  const account = newAccount('fk');
  myEmail = account.email;
  me = await register(t.app, account);
  someoneElse = await register(t.app);
  // A second blog of mine, so /svc/blog/select has something it would switch to.
  expectOk(await post(t.app, '/svc/blog/create', { name: `${account.blog_name}-two` }, me));
  expectOk(await post(t.app, '/svc/blog/select', { tumblelog: account.blog_name }, me));
  mutating = t.app.routeTable.filter((r) => MUTATING.includes(r.method));
});
afterAll(() => t.close());

/** A body each route would act on if the form key were right, so a 403 is the form key's doing. */
function bodyFor(url: string): Record<string, unknown> {
  const blog = me.body.response.user.primary;
  const bodies: Record<string, Record<string, unknown>> = {
    '/svc/user/settings': { safe_mode: false, is_sounds_enabled: false, default_editor_type: 'markdown' },
    '/svc/blog/create': { name: `${blog}-three` },
    '/svc/blog/select': { tumblelog: `${blog}-two` },
  };
  return bodies[url] ?? {};
}

const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, 'dummy-value');

/** The route's own method (a DELETE route may have no POST twin), with post()'s bodies and headers. */
function send(route: RouteEntry, body: object | URLSearchParams, as: As) {
  if (route.method === 'POST') return post(t.app, concrete(route.url), body, as);
  const form = body instanceof URLSearchParams;
  return t.app.inject({
    method: route.method as 'DELETE',
    url: concrete(route.url),
    payload: form ? body.toString() : (body as Record<string, unknown>),
    headers: {
      ...(as.cookie ? { cookie: as.cookie } : {}),
      ...(as.formKey !== undefined ? { 'x-form-key': as.formKey } : {}),
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
  });
}

describe('the route table', () => {
  it('holds every known mutating route', () => {
    const listed = mutating.map((r) => `${r.method} ${r.url}`);
    for (const route of KNOWN_MUTATING) expect(listed).toContain(route);
  });

  it('lets only register, login, a password reset and the (read-only) share data go without a form key', () => {
    const open = t.app.routeTable.filter((r) => MUTATING.includes(r.method) && !r.formKey).map((r) => r.url);
    // /svc/post/ask: logged-out visitors ask anonymously; it checks the form key itself when there is a session.
    // A password reset is asked for and confirmed logged out, from this site's pages only (same-site).
    expect(open.sort()).toEqual([
      '/svc/account/login',
      '/svc/account/password_reset',
      '/svc/account/password_reset/confirm',
      '/svc/account/register',
      '/svc/post/ask',
      '/svc/post/share/:blog/:postId',
    ]);
  });
});

describe('every mutating route with formKey: true', () => {
  type Attempt = [string, (route: RouteEntry) => Promise<Awaited<ReturnType<typeof post>>>];
  const attempts: Attempt[] = [
    ['no form key', (r) => send(r, bodyFor(r.url), { cookie: me.cookie })],
    ['a wrong X-Form-Key header', (r) => send(r, bodyFor(r.url), { cookie: me.cookie, formKey: 'wrong-key' })],
    [
      "another session's form key in X-Form-Key",
      (r) => send(r, bodyFor(r.url), { cookie: me.cookie, formKey: someoneElse.formKey }),
    ],
    ['a wrong form_key body field', (r) => send(r, { ...bodyFor(r.url), form_key: 'wrong-key' }, { cookie: me.cookie })],
    [
      'a wrong form_key form field',
      (r) =>
        send(r, new URLSearchParams({ ...stringify(bodyFor(r.url)), form_key: 'wrong-key' }), {
          cookie: me.cookie,
        }),
    ],
  ];

  it.each(attempts)('answers 403 to %s and changes nothing', async (_case, attempt) => {
    const guarded = mutating.filter((r) => r.formKey);
    expect(guarded.length).toBeGreaterThanOrEqual(KNOWN_MUTATING.length - 2);
    for (const route of guarded) {
      const rowsBefore = await countRows(t.db);
      const userBefore = await userByEmail(t.db, myEmail);
      const res = await attempt(route);
      const body = expectError(res, 403, BAD_FORM_KEY);
      expect(body.errors![0]!.code, `${route.method} ${route.url}`).toBe(ErrorCode.badFormKey);
      expect(await countRows(t.db), `${route.method} ${route.url}`).toEqual(rowsBefore);
      expect(await userByEmail(t.db, myEmail), `${route.method} ${route.url}`).toEqual(userBefore);
    }
    // Still logged in, with the same blogs.
    expect((await userInfo(t.app, me)).channels).toHaveLength(2);
  });
});

describe('without a session', () => {
  it('every mutating route answers 401 and changes nothing', async () => {
    for (const route of mutating.filter((r) => r.formKey)) {
      const rowsBefore = await countRows(t.db);
      const res = await send(route, { ...bodyFor(route.url), form_key: me.formKey }, {});
      const body = expectError(res, 401, 'You need to log in to do that.');
      expect(body.errors![0]!.code, `${route.method} ${route.url}`).toBe(ErrorCode.notLoggedIn);
      expect(await countRows(t.db), `${route.method} ${route.url}`).toEqual(rowsBefore);
    }
  });
});

describe('the right form key', () => {
  it('is accepted in the X-Form-Key header', async () => {
    const res = await post(t.app, '/svc/user/settings', { safe_mode: false }, me);
    expect(expectOk<{ user: { safe_mode: boolean } }>(res).user.safe_mode).toBe(false);
    expect((await userByEmail(t.db, myEmail)).safe_mode).toBe(false);
  });

  it('is accepted as a form_key field of a JSON body', async () => {
    const res = await post(t.app, '/svc/user/settings', { safe_mode: true, form_key: me.formKey }, { cookie: me.cookie });
    expectOk(res);
    expect((await userByEmail(t.db, myEmail)).safe_mode).toBe(true);
  });

  it('is accepted as a form_key field of a form body', async () => {
    const form = new URLSearchParams({ is_sounds_enabled: 'off', form_key: me.formKey });
    expectOk(await post(t.app, '/svc/user/settings', form, { cookie: me.cookie }));
    expect((await userByEmail(t.db, myEmail)).sounds_enabled).toBe(false);
  });

  it("is only good for its own session: another user's key with my cookie is refused", async () => {
    const form = new URLSearchParams({ is_sounds_enabled: 'on', form_key: someoneElse.formKey });
    expectError(await post(t.app, '/svc/user/settings', form, { cookie: me.cookie }), 403, BAD_FORM_KEY);
    expect((await userByEmail(t.db, myEmail)).sounds_enabled).toBe(false);
  });
});

function stringify(body: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)]));
}
