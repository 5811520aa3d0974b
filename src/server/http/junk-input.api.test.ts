import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostView } from '../../shared/posts/types';
import { asOwner, blogOf, createPost, savePost, textPost } from '../test/posts';
import { countRows, createTestApp, expectError, expectOk, get, markVerified, post, register, type Session, type TestApp } from '../test/test-app';
import type { Endpoint } from './endpoint';
import { NUL_MESSAGE, SURROGATE_MESSAGE } from './text-guard';

/*
 * Bad input is the caller's mistake: it gets a 4xx with a message, never a 500. Every route of
 * the app, logged in with the form key, is sent the same field names with values of every wrong
 * kind, and path parameters that are not what the route expects.
 */

/** The field names a route's declared query and body schemas name: each meets every kind of junk too. */
function declaredFields(e: Endpoint): string[] {
  const names = (schema: unknown) => {
    const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
    return shape && typeof shape === 'object' ? Object.keys(shape) : [];
  };
  return [...names(e.query), ...names(e.body)];
}

/** 19 digits, like an id, but above 9223372036854775807: it fits no bigint column. */
const HUGE_ID = '9999999999999999999';
const COMMON_FIELDS = [
  'tumblelog', 'tumblelog_name', 'blocked_tumblelog', 'blocked_post', 'name', 'id', 'post_id', 'reblog_key', 'reblog_post_id',
  'reply_text', 'tumblelog_key', 'email_address', 'message', 'allow_reply_to', 'reason', 'q', 'limit', 'before', 'value',
  'queue', 'title', 'description', 'safe_mode', 'report_id', 'post[type]', 'post[one]', 'post[two]', 'post[state]', 'images[o1]',
  'url', 'offset', 'source', 'include_member_data', 'include_activity_data', 'include_activity_notifications', 'token',
  'current_password', 'new_password', 'password', 'email', 'code', 'tfa_code', 'email_new_followers', 'email_asks', 'email_messages',
];
const JUNK: [string, unknown][] = [
  ['null', null],
  ['an array', ['a', 1]],
  ['an object', { nested: { deeper: true } }],
  ['a huge number', 1e300],
  ['a 30-digit id', '123456789012345678901234567890'],
  ['a negative number', -1],
  ['a long text', 'x'.repeat(600)],
  ['a NUL byte', 'a\u0000b'],
  ['a lone surrogate', 'a\udc00b'],
  ['a 19-digit id above the 64-bit maximum', HUGE_ID],
  ['SQL', "' or 1=1 --"],
  ['a boolean', true],
];
const PATH_JUNK = ['123456789012345678901234567890', '%00', "x'--", '-1', 'a'.repeat(300), HUGE_ID];
/** The fields that carry an id somewhere: each meets a huge id on every route, alone among plausible values. */
const ID_FIELDS = ['id', 'post_id', 'reblog_post_id', 'blocked_post', 'before', 'report_id', 'before_id', 'after_id'];
/** Free-text fields: each meets a lone UTF-16 surrogate on every route, alone among plausible values. */
const TEXT_FIELDS = ['post[one]', 'post[two]', 'reply_text', 'title', 'description', 'message', 'q'];
const SURROGATE = 'a\ud800b';

let t: TestApp;
let me: Session;
let other: Session;
let made: PostView;

beforeAll(async () => {
  t = await createTestApp();
  me = await register(t.app);
  other = await register(t.app);
  await markVerified(t.db, me);
  made = await createPost(t.app, other, textPost('Something to act on'));
});
afterAll(() => t.close());

const withParams = (url: string, value: string) => url.replace(/:[A-Za-z_]+/g, encodeURIComponent(value)).replace(/\*$/, value);

/** A blog name and a direction where a route takes them, and a huge id in every other path parameter. */
const withHugeIdParams = (url: string) =>
  url.replace(/:([A-Za-z_]+)/g, (_, name: string) => (name === 'direction' ? 'before' : /^(name|blog|blogName)$/.test(name) ? blogOf(me) : HUGE_ID));

/** Values a route could act on, so that a junk value in one field is what it meets. */
function plausible(): Record<string, unknown> {
  const blog = blogOf(me);
  return {
    tumblelog: blog, tumblelog_name: blog, blocked_tumblelog: blogOf(other), blocked_post: made.id, name: `${blog}-x`, id: made.id,
    post_id: made.id, reblog_key: made.reblog_key, reblog_post_id: made.id, reply_text: 'Nice.', tumblelog_key: made.reblog_key,
    email_address: 'friend@example.org', message: 'Look', allow_reply_to: false, reason: 'spam', q: 'cat', limit: 5, before: '0',
    value: true, queue: false, title: 'A title', description: 'Words', safe_mode: true, report_id: '1', 'post[type]': 'text',
    'post[one]': 'One', 'post[two]': '<p>Two</p>', 'post[state]': '0', 'images[o1]': 'https://img.example/a.gif',
    // A private address: the link preview refuses it at once instead of reaching out.
    url: 'https://127.0.0.1/', offset: 0, source: 'dashboard', include_member_data: true, include_activity_data: true,
    include_activity_notifications: true, token: 'not-a-token', handle: '@alice@example.social', domain: 'junk.example',
  };
}

/** Logged in with the form key; `loggedOut` sends no cookie (what a visitor's reads meet). */
const send = (method: string, url: string, body: Record<string, unknown>, loggedOut = false) => {
  const headers = loggedOut ? {} : { cookie: me.cookie, 'x-form-key': me.formKey };
  return method === 'GET' || method === 'DELETE'
    ? t.app.inject({
        method: method as 'GET',
        url: `${url}?${new URLSearchParams(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))}`,
        headers,
      })
    : t.app.inject({ method: method as 'POST', url, payload: body, headers });
};

describe('junk input', () => {
  it('never answers 500 on any route, whichever field is wrong', async () => {
    // Logging out would end the session the other routes are asked with.
    // A block made with the plausible values would turn the later routes' likes and follows into
    // 403s before they read their fields: it goes last.
    // The declared endpoints (endpoints.ts), so a new route cannot be missing from the walk.
    const routes = t.app.endpoints
      .map((e) => ({ method: e.method, url: e.path, fields: declaredFields(e) }))
      .filter((r) => r.url !== '/svc/account/logout')
      .sort((a, b) => Number(a.url === '/svc/block/add') - Number(b.url === '/svc/block/add'));
    expect(routes.length).toBeGreaterThan(90);
    const failures: string[] = [];
    for (const route of routes) {
      const FIELDS = [...new Set([...COMMON_FIELDS, ...route.fields])];
      // Every field wrong at once, then one wrong field among plausible ones.
      const cases: [string, string, Record<string, unknown>][] = JUNK.map(([label, value], i) => [
        `every field ${label}`,
        withParams(route.url, PATH_JUNK[i % PATH_JUNK.length]!),
        Object.fromEntries(FIELDS.map((f) => [f, value])),
      ]);
      FIELDS.forEach((field, i) => {
        const [label, value] = JUNK[i % JUNK.length]!;
        cases.push([`${field} ${label}`, withParams(route.url, blogOf(me)), { ...plausible(), [field]: value }]);
      });
      for (const field of TEXT_FIELDS) cases.push([`${field} a lone surrogate`, withParams(route.url, blogOf(me)), { ...plausible(), [field]: SURROGATE }]);
      for (const field of ID_FIELDS) cases.push([`${field} a huge id`, withParams(route.url, blogOf(me)), { ...plausible(), [field]: HUGE_ID }]);
      if (route.url.includes(':')) cases.push(['a huge id in the path', withHugeIdParams(route.url), plausible()]);
      for (const [label, url, body] of cases) {
        const res = await send(route.method, url, body);
        if (res.statusCode >= 500) failures.push(`${route.method} ${route.url} with ${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (route.method !== 'GET') continue;
        const visitor = await send(route.method, url, body, true);
        if (visitor.statusCode >= 500) failures.push(`logged out, ${route.method} ${route.url} with ${label}: ${visitor.statusCode} ${visitor.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('refuses U+0000 anywhere, with what to do, and changes nothing', async () => {
    const before = await countRows(t.db);
    const follow = await post(t.app, '/svc/follow', { tumblelog: 'a\u0000b' }, asOwner(me));
    expectError(follow, 400, NUL_MESSAGE);
    const settings = await post(t.app, `/svc/blog/${blogOf(me)}/settings`, { title: 'fine', description: ['ok', 'bad\u0000'] }, asOwner(me));
    expectError(settings, 400, NUL_MESSAGE);
    expectError(await get(t.app, '/svc/block/list?tumblelog=%00', asOwner(me)), 400, NUL_MESSAGE);
    expect(await countRows(t.db)).toEqual(before);
  });

  it('refuses a lone UTF-16 surrogate in any text, with what to do, and changes nothing', async () => {
    const before = await countRows(t.db);
    const posts: Record<string, unknown>[] = [
      textPost(SURROGATE),
      textPost('Title', `<p>${SURROGATE}</p>`),
      { ...textPost('Tagged'), 'post[tags]': `cats, ${SURROGATE}` },
      { 'post[type]': 'quote', 'post[one]': SURROGATE, 'post[two]': 'Someone' },
      { 'post[type]': 'chat', 'post[one]': 'Chat', 'post[two]': `Ann: ${SURROGATE}` },
      // A low surrogate alone is as broken as a high one.
      textPost('a\udc00b'),
    ];
    for (const fields of posts) expectError(await savePost(t.app, me, fields), 400, SURROGATE_MESSAGE);
    expectError(await post(t.app, '/svc/reply', { post_id: made.id, reply_text: SURROGATE }, asOwner(me)), 400, SURROGATE_MESSAGE);
    expectError(await post(t.app, `/svc/blog/${blogOf(me)}/settings`, { title: SURROGATE }, asOwner(me)), 400, SURROGATE_MESSAGE);
    expect(await countRows(t.db)).toEqual(before);
    // A pair (an emoji) is a character like any other.
    expectOk(await savePost(t.app, me, textPost('A cat \ud83d\udc08')));
  });

  it('refuses post ids above the 64-bit range with a 400 that says so, and takes the largest one', async () => {
    const tooLarge = 'refPostId is too large to be an id: ids go up to 9223372036854775807.';
    expectError(await get(t.app, `/svc/post/dashboard/before/${HUGE_ID}`, asOwner(me)), 400, tooLarge);
    expectError(await get(t.app, `/svc/post/blog/${blogOf(me)}/before/${HUGE_ID}`), 400, tooLarge);
    expectError(await post(t.app, '/svc/post/fetch', { post_id: HUGE_ID }, asOwner(me)), 400, 'post_id is too large to be an id: ids go up to 9223372036854775807.');
    expectError(await post(t.app, '/svc/like', { id: HUGE_ID, key: made.reblog_key }, asOwner(me)), 400, 'id is too large to be an id: ids go up to 9223372036854775807.');
    expectError(await savePost(t.app, me, { ...textPost('Edit'), post_id: HUGE_ID }), 400, 'post_id is too large to be an id: ids go up to 9223372036854775807.');
    // The largest id is an id: no such post, or an empty page.
    expectError(await post(t.app, '/svc/post/fetch', { post_id: '9223372036854775807' }, asOwner(me)), 404);
    expectOk(await get(t.app, '/svc/post/dashboard/before/9223372036854775807', asOwner(me)));
  });

  it('never answers 500 on the admin federation routes, asked by an admin', async () => {
    // The walk above is made by someone who is not an admin (403 before any field is read).
    const admin = await register(t.app);
    await t.db.updateTable('users').set({ is_admin: true }).where('email', '=', admin.body.response.user.email).execute();
    const routes = t.app.endpoints.filter((e) => e.path.startsWith('/svc/admin/federation/'));
    expect(routes.length).toBe(4);
    const failures: string[] = [];
    for (const route of routes) {
      for (const [label, value] of [...JUNK, ['a host with a port', 'a.example:443'], ['a scheme', 'https://a.example'], ['this site', 'localhost']] as [string, unknown][]) {
        const body = { domain: value };
        const res = route.method === 'GET'
          ? await t.app.inject({ method: 'GET', url: route.path, headers: { cookie: admin.cookie } })
          : await t.app.inject({ method: 'POST', url: route.path, payload: body, headers: { cookie: admin.cookie, 'x-form-key': admin.formKey } });
        if (res.statusCode >= 500) failures.push(`${route.method} ${route.path} with ${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (route.method === 'POST' && res.statusCode !== 200) expect((res.json() as { meta: { msg: string } }).meta.msg, `${route.path} ${label}`).toMatch(/host name|this site|NUL|surrogate|UTF/i);
      }
    }
    expect(failures).toEqual([]);
    await t.db.deleteFrom('blocked_domains').execute();
  });
});
