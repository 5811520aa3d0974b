import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, blogOf } from '../test/posts';
import {
  avatarUrlOf,
  countRows,
  createTestApp,
  expectError,
  expectOk,
  get,
  post,
  register,
  userInfo,
  type As,
  type Session,
  type TestApp,
} from '../test/test-app';
import type { BlogRelation } from '../rules/blogs';
import { FOLLOWING_PAGE, type FollowedBlog } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const follow = (s: Session, tumblelog: string, extra: Record<string, unknown> = {}) =>
  post(t.app, '/svc/follow', { tumblelog, ...extra }, asOwner(s));
const unfollow = (s: Session, tumblelog: string) => post(t.app, '/svc/unfollow', { tumblelog }, asOwner(s));
const subscription = (app: FastifyInstance, method: 'POST' | 'DELETE', name: string, as: As, body: object = {}) =>
  app.inject({
    method,
    url: `/svc/blog/${name}/subscription`,
    payload: body,
    headers: { ...(as.cookie ? { cookie: as.cookie } : {}), ...(as.formKey ? { 'x-form-key': as.formKey } : {}) },
  });
const friendCount = async (s: Session) => (await userInfo(t.app, asOwner(s))).friend_count;
const tumblelog = async (name: string, as: As = {}) =>
  expectOk<BlogRelation & { name: string }>(await get(t.app, `/svc/data/tumblelog?tumblelog=${name}`, as));

describe('POST /svc/follow', () => {
  let reader: Session;
  let writer: Session;
  beforeAll(async () => {
    reader = await register(t.app);
    writer = await register(t.app);
  });

  it('follows another user’s blog, once however often it is asked', async () => {
    const before = await countRows(t.db);
    const first = expectOk(await follow(reader, blogOf(writer), { placement_id: 'x', pt: 'y', source: 'blog_card', context: 'dashboard', tlt: 't', offset: 3 }));
    expect(first).toEqual({ following: true, is_friend: false, can_subscribe: true, is_subscribed: false, is_blocked: false });
    expect(await friendCount(reader)).toBe(1);
    expect(expectOk(await follow(reader, blogOf(writer)))).toEqual({ following: true, is_friend: false, can_subscribe: true, is_subscribed: false, is_blocked: false });
    expect((await countRows(t.db)).follows).toBe(before.follows + 1);
    expect(await friendCount(reader)).toBe(1);
    expect(await friendCount(writer)).toBe(0);
  });

  it('accepts a form body', async () => {
    const other = await register(t.app);
    const res = await post(t.app, '/svc/follow', new URLSearchParams({ tumblelog: blogOf(writer) }), asOwner(other));
    expect(expectOk(res)).toMatchObject({ following: true });
  });

  it('answers is_subscribed when following again while subscribed', async () => {
    const s = await register(t.app);
    expectOk(await follow(s, blogOf(writer)));
    expectOk(await subscription(t.app, 'POST', blogOf(writer), asOwner(s)));
    expect(expectOk(await follow(s, blogOf(writer)))).toEqual({ following: true, is_friend: false, can_subscribe: true, is_subscribed: true, is_blocked: false });
  });

  it('refuses 403 when a block stands between the viewer and the blog, either way, changing nothing', async () => {
    const blocker = await register(t.app);
    const blocked = await register(t.app);
    expectOk(await post(t.app, '/svc/block/add', { tumblelog: blogOf(blocker), blocked_tumblelog: blogOf(blocked) }, asOwner(blocker)));
    const before = await countRows(t.db);
    expectError(await follow(blocked, blogOf(blocker)), 403, 'You cannot do that: one of these blogs has blocked the other.');
    expectError(await follow(blocker, blogOf(blocked)), 403, 'You cannot do that: one of these blogs has blocked the other.');
    expect(await countRows(t.db)).toEqual(before);
  });

  it('tells the followed blog of a new follower once, not of a repeated follow', async () => {
    const fan = await register(t.app);
    const star = await register(t.app);
    expectOk(await follow(fan, blogOf(star)));
    expectOk(await follow(fan, blogOf(star)));
    const rows = await t.db
      .selectFrom('notifications')
      .innerJoin('blogs as b', 'b.id', 'notifications.blog_id')
      .innerJoin('blogs as f', 'f.id', 'notifications.from_blog_id')
      .select(['notifications.type', 'f.name as from'])
      .where('b.name', '=', blogOf(star))
      .execute();
    expect(rows).toEqual([{ type: 'follower', from: blogOf(fan) }]);
  });

  it('refuses the viewer’s own blog, changing nothing', async () => {
    const before = await countRows(t.db);
    expectError(await follow(writer, blogOf(writer)), 400, 'You cannot follow your own blog.');
    expect(await countRows(t.db)).toEqual(before);
  });

  it('answers 404 for an unknown blog and 400 for bad input, changing nothing', async () => {
    const before = await countRows(t.db);
    expectError(await follow(reader, 'no-such-blog-here'), 404, 'There is no blog named "no-such-blog-here".');
    expectError(await post(t.app, '/svc/follow', {}, asOwner(reader)), 400, 'Say which blog: the tumblelog parameter is missing.');
    expectError(await post(t.app, '/svc/follow', { tumblelog: '' }, asOwner(reader)), 400);
    expectError(await post(t.app, '/svc/follow', { tumblelog: ['a'] }, asOwner(reader)), 400);
    expectError(await post(t.app, '/svc/follow', { tumblelog: blogOf(writer), offset: { a: 1 } }, asOwner(reader)), 400);
    expect(await countRows(t.db)).toEqual(before);
  });

  it('answers 401 logged out and 403 without the form key', async () => {
    const before = await countRows(t.db);
    expectError(await post(t.app, '/svc/follow', { tumblelog: blogOf(writer) }), 401, 'You need to log in to do that.');
    expectError(await post(t.app, '/svc/follow', { tumblelog: blogOf(writer) }, { cookie: reader.cookie }), 403);
    expect(await countRows(t.db)).toEqual(before);
  });
});

describe('POST /svc/unfollow', () => {
  let reader: Session;
  let writer: Session;
  beforeAll(async () => {
    reader = await register(t.app);
    writer = await register(t.app);
  });

  it('removes the follow and its subscription', async () => {
    expectOk(await follow(reader, blogOf(writer)));
    expectOk(await subscription(t.app, 'POST', blogOf(writer), asOwner(reader)));
    const before = await countRows(t.db);
    expect(expectOk(await unfollow(reader, blogOf(writer)))).toEqual({ following: false, is_friend: false, can_subscribe: false, is_subscribed: false, is_blocked: false });
    const after = await countRows(t.db);
    expect(after.follows).toBe(before.follows - 1);
    expect(after.subscriptions).toBe(before.subscriptions - 1);
    expect(await friendCount(reader)).toBe(0);
    // Following again does not bring the subscription back.
    expect(expectOk(await follow(reader, blogOf(writer)))).toMatchObject({ is_subscribed: false });
    expectOk(await unfollow(reader, blogOf(writer)));
  });

  it('answers 200 for a blog not followed (own blog included), changing nothing', async () => {
    const before = await countRows(t.db);
    expect(expectOk(await unfollow(reader, blogOf(writer)))).toEqual({ following: false, is_friend: false, can_subscribe: false, is_subscribed: false, is_blocked: false });
    expectOk(await unfollow(writer, blogOf(writer)));
    expect(await countRows(t.db)).toEqual(before);
  });

  it('leaves other users’ follows alone', async () => {
    const other = await register(t.app);
    expectOk(await follow(other, blogOf(writer)));
    expectOk(await follow(reader, blogOf(writer)));
    expectOk(await unfollow(reader, blogOf(writer)));
    expect(await friendCount(other)).toBe(1);
  });

  it('answers 404, 400 and 401 logged out without changing anything', async () => {
    const before = await countRows(t.db);
    expectError(await unfollow(reader, 'no-such-blog-here'), 404, 'There is no blog named "no-such-blog-here".');
    expectError(await post(t.app, '/svc/unfollow', {}, asOwner(reader)), 400);
    expectError(await post(t.app, '/svc/unfollow', { tumblelog: blogOf(writer) }), 401, 'You need to log in to do that.');
    expect(await countRows(t.db)).toEqual(before);
  });
});

describe('POST and DELETE /svc/blog/{name}/subscription', () => {
  let reader: Session;
  let writer: Session;
  beforeAll(async () => {
    reader = await register(t.app);
    writer = await register(t.app);
  });

  it('subscribes only while following', async () => {
    const before = await countRows(t.db);
    expectError(await subscription(t.app, 'POST', blogOf(writer), asOwner(reader)), 400, 'Follow this blog first to subscribe to it.');
    expectError(await subscription(t.app, 'POST', blogOf(writer), asOwner(writer)), 400, 'Follow this blog first to subscribe to it.');
    expect(await countRows(t.db)).toEqual(before);
    expectOk(await follow(reader, blogOf(writer)));
    expect(expectOk(await subscription(t.app, 'POST', blogOf(writer), asOwner(reader), { source: 'blog_card' }))).toEqual({ is_subscribed: true });
    expect(expectOk(await subscription(t.app, 'POST', blogOf(writer), asOwner(reader)))).toEqual({ is_subscribed: true });
    expect((await countRows(t.db)).subscriptions).toBe(before.subscriptions + 1);
  });

  it('unsubscribes, answering 200 when not subscribed', async () => {
    expect(expectOk(await subscription(t.app, 'DELETE', blogOf(writer), asOwner(reader)))).toEqual({ is_subscribed: false });
    const before = await countRows(t.db);
    expect(expectOk(await subscription(t.app, 'DELETE', blogOf(writer), asOwner(reader)))).toEqual({ is_subscribed: false });
    expect(await countRows(t.db)).toEqual(before);
    // Still following.
    expect(await friendCount(reader)).toBe(1);
  });

  it('answers 404, 400, 401 logged out and 403 without the form key, without changing anything', async () => {
    const before = await countRows(t.db);
    expectError(await subscription(t.app, 'POST', 'no-such-blog-here', asOwner(reader)), 404);
    expectError(await subscription(t.app, 'DELETE', 'no-such-blog-here', asOwner(reader)), 404);
    expectError(await subscription(t.app, 'POST', blogOf(writer), asOwner(reader), { source: { a: 1 } }), 400);
    expectError(await subscription(t.app, 'POST', blogOf(writer), {}), 401, 'You need to log in to do that.');
    expectError(await subscription(t.app, 'DELETE', blogOf(writer), { cookie: reader.cookie }), 403);
    expect(await countRows(t.db)).toEqual(before);
  });
});

describe('GET /svc/following', () => {
  let reader: Session;
  let writers: Session[];
  beforeAll(async () => {
    reader = await register(t.app);
    writers = [];
    for (let i = 0; i < FOLLOWING_PAGE + 3; i++) writers.push(await register(t.app));
    for (const w of writers) expectOk(await follow(reader, blogOf(w)));
    expectOk(await subscription(t.app, 'POST', blogOf(writers[0]!), asOwner(reader)));
  });

  const page = async (before?: string) => {
    const url = before ? `/svc/following?before=${encodeURIComponent(before)}` : '/svc/following';
    return expectOk<{ blogs: FollowedBlog[]; next: string | null }>(await get(t.app, url, asOwner(reader)));
  };

  it('lists followed blogs newest first, 20 a page, one query a page', async () => {
    const start = t.queryCount();
    const first = await page();
    // The session's own query, then the page.
    expect(t.queryCount() - start).toBe(2);
    expect(first.blogs).toHaveLength(FOLLOWING_PAGE);
    expect(first.next).toEqual(expect.any(String));
    const second = await page(first.next!);
    expect(second.next).toBeNull();
    const names = [...first.blogs, ...second.blogs].map((b) => b.name);
    expect(names).toEqual(writers.map(blogOf).reverse());
    const oldest = second.blogs.at(-1)!;
    expect(oldest).toMatchObject({ name: blogOf(writers[0]!), following: true, is_subscribed: true, is_current: false });
    expect(oldest.avatar_url_128).toEqual(avatarUrlOf(oldest.name, 128));
    expect(first.blogs.every((b) => b.following && !b.is_subscribed)).toBe(true);
  });

  it('drops an unfollowed blog and follows friend_count', async () => {
    expect(await friendCount(reader)).toBe(writers.length);
    expectOk(await unfollow(reader, blogOf(writers[1]!)));
    expect(await friendCount(reader)).toBe(writers.length - 1);
    const all = [...(await page()).blogs];
    let next = (await page()).next;
    while (next) {
      const p = await page(next);
      all.push(...p.blogs);
      next = p.next;
    }
    expect(all.map((b) => b.name)).not.toContain(blogOf(writers[1]!));
    expect(all).toHaveLength(writers.length - 1);
    expectOk(await follow(reader, blogOf(writers[1]!)));
  });

  it('answers an empty list for a user who follows nobody', async () => {
    const s = await register(t.app);
    expect(expectOk(await get(t.app, '/svc/following', asOwner(s)))).toEqual({ blogs: [], next: null });
  });

  it('answers 401 logged out and 400 for a bad cursor', async () => {
    expectError(await get(t.app, '/svc/following'), 401, 'You need to log in to do that.');
    expectError(await get(t.app, '/svc/following?before=yesterday', asOwner(reader)), 400);
  });
});

describe('GET /svc/data/tumblelog (follow state)', () => {
  let reader: Session;
  let writer: Session;
  beforeAll(async () => {
    reader = await register(t.app);
    writer = await register(t.app);
  });

  it('answers false for all three logged out, and for the owner', async () => {
    expect(await tumblelog(blogOf(writer))).toMatchObject({ following: false, can_subscribe: false, is_subscribed: false });
    expect(await tumblelog(blogOf(writer), asOwner(writer))).toMatchObject({ following: false, can_subscribe: false, is_subscribed: false });
  });

  it('follows the viewer’s follow and subscription, with one extra query', async () => {
    expect(await tumblelog(blogOf(writer), asOwner(reader))).toMatchObject({ following: false, can_subscribe: false });
    expectOk(await follow(reader, blogOf(writer)));
    const start = t.queryCount();
    expect(await tumblelog(blogOf(writer), asOwner(reader))).toMatchObject({ following: true, can_subscribe: true, is_subscribed: false });
    // Session, blog, follow state.
    expect(t.queryCount() - start).toBe(3);
    expectOk(await subscription(t.app, 'POST', blogOf(writer), asOwner(reader)));
    expect(await tumblelog(blogOf(writer), asOwner(reader))).toMatchObject({ is_subscribed: true });
    expectOk(await unfollow(reader, blogOf(writer)));
    expect(await tumblelog(blogOf(writer), asOwner(reader))).toMatchObject({ following: false, can_subscribe: false, is_subscribed: false });
    // Another user's view is their own.
    const other = await register(t.app);
    expect(await tumblelog(blogOf(writer), asOwner(other))).toMatchObject({ following: false });
  });
});
