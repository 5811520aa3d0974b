import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostView } from '../../shared/posts/types';
import { asOwner, blogOf, createPost, textPost } from '../test/posts';
import { countRows, createTestApp, expectError, get, markVerified, post, register, type Session, type TestApp } from '../test/test-app';
import { NUL_MESSAGE } from './nul-guard';

/*
 * Bad input is the caller's mistake: it gets a 4xx with a message, never a 500. Every route of
 * the app, logged in with the form key, is sent the same field names with values of every wrong
 * kind, and path parameters that are not what the route expects.
 */

const FIELDS = [
  'tumblelog', 'tumblelog_name', 'blocked_tumblelog', 'blocked_post', 'name', 'id', 'post_id', 'reblog_key', 'reblog_post_id',
  'reply_text', 'tumblelog_key', 'email_address', 'message', 'allow_reply_to', 'reason', 'q', 'limit', 'before', 'value',
  'queue', 'title', 'description', 'safe_mode', 'report_id', 'post[type]', 'post[one]', 'post[two]', 'post[state]', 'images[o1]',
  'url', 'offset', 'source', 'include_member_data', 'include_activity_data', 'include_activity_notifications', 'token',
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
  ['SQL', "' or 1=1 --"],
  ['a boolean', true],
];
const PATH_JUNK = ['123456789012345678901234567890', '%00', "x'--", '-1', 'a'.repeat(300)];

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
    include_activity_notifications: true, token: 'not-a-token',
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
    const routes = t.app.routeTable
      .filter((r) => r.method !== 'HEAD' && r.url !== '/svc/account/logout')
      .sort((a, b) => Number(a.url === '/svc/block/add') - Number(b.url === '/svc/block/add'));
    expect(routes.length).toBeGreaterThan(50);
    const failures: string[] = [];
    for (const route of routes) {
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
});
