import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_FLAGS } from '../../shared/flags';
import { MODERATION_SWITCHES, type BlogModeration, type ReportsPage } from '../../shared/moderation';
import type { PostPage, PostView } from '../../shared/posts/types';
import type { GifSearchResult } from '../../shared/search/gif';
import type { Blog } from '../../shared/types';
import { uploadedGifUrl } from '../media/test-files';
import { asOwner, blogOf, createPost, textPost } from '../test/posts';
import { createTestApp, expectError, expectOk, get, post, register, userInfo, type Session, type TestApp } from '../test/test-app';
import { REPORTS_PAGE } from './reports';

let t: TestApp;
let admin: Session;
let owner: Session;
let other: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await register(t.app);
  owner = await register(t.app);
  other = await register(t.app);
  await t.db.updateTable('users').set({ is_admin: true }).where('email', '=', admin.body.response.user.email).execute();
});
afterAll(() => t.close());

const toggle = (s: Session | null, name: string, fields: Record<string, unknown>) =>
  post(t.app, `/${name}/toggle`, fields, s ? asOwner(s) : {});
const blogRow = (name: string) => t.db.selectFrom('blogs').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
const setSwitch = (name: string, fields: Partial<Record<'is_spam' | 'is_nsfw' | 'is_suspended', boolean>>) =>
  t.db.updateTable('blogs').set(fields).where('name', '=', name).execute();

describe('POST /{spam,nsfw,adult,uniblock,suspended}/toggle', () => {
  it('flips each switch for an admin and answers all five', async () => {
    const blog = blogOf(owner);
    for (const name of MODERATION_SWITCHES) {
      const on = expectOk<BlogModeration>(await toggle(admin, name, { tumblelog: blog }));
      expect(on[`is_${name}`]).toBe(true);
      expect((await blogRow(blog))[`is_${name}`]).toBe(true);
    }
    const off = expectOk<BlogModeration>(await toggle(admin, 'spam', { tumblelog: blog }));
    expect(off).toEqual({ tumblelog: blog, is_spam: false, is_nsfw: true, is_adult: true, is_uniblock: true, is_suspended: true });
    for (const name of MODERATION_SWITCHES) expectOk(await toggle(admin, name, { tumblelog: blog, value: false }));
    expect(await blogRow(blog)).toMatchObject({ is_spam: false, is_nsfw: false, is_adult: false, is_uniblock: false, is_suspended: false });
  });

  it('sets the switch with value, so a repeated call changes nothing more', async () => {
    const blog = blogOf(owner);
    expect(expectOk<BlogModeration>(await toggle(admin, 'nsfw', { tumblelog: blog, value: 'true' })).is_nsfw).toBe(true);
    expect(expectOk<BlogModeration>(await toggle(admin, 'nsfw', { tumblelog: blog, value: true })).is_nsfw).toBe(true);
    expect(expectOk<BlogModeration>(await toggle(admin, 'nsfw', { tumblelog: blog, value: '0' })).is_nsfw).toBe(false);
    expectError(await toggle(admin, 'nsfw', { tumblelog: blog, value: 'maybe' }), 400, 'value must be true or false.');
  });

  it('answers 403 to everyone but admins (the owner too) and 401 logged out, changing nothing', async () => {
    const before = await blogRow(blogOf(owner));
    for (const name of MODERATION_SWITCHES) {
      expectError(await toggle(owner, name, { tumblelog: blogOf(owner) }), 403, 'Only moderators can do that.');
      expectError(await toggle(other, name, { tumblelog: blogOf(owner) }), 403, 'Only moderators can do that.');
      // Logged out: the session rule answers 401 first.
      expectError(await toggle(null, name, { tumblelog: blogOf(owner) }), 401, 'You need to log in to do that.');
    }
    expect(await blogRow(blogOf(owner))).toEqual(before);
  });

  it('answers 404 for an unknown blog and 400 without one', async () => {
    expectError(await toggle(admin, 'spam', { tumblelog: 'no-such-blog-q' }), 404, 'There is no blog named "no-such-blog-q".');
    expectError(await toggle(admin, 'spam', {}), 400, 'Say which blog: the tumblelog parameter is missing.');
  });
});

describe('a suspended blog', () => {
  let writer: Session;
  let reader: Session;
  let own: PostView;
  let reblog: PostView;
  beforeAll(async () => {
    writer = await register(t.app);
    reader = await register(t.app);
    const reblogger = await register(t.app);
    own = await createPost(t.app, writer, textPost('Soon gone'));
    reblog = await createPost(t.app, reblogger, { reblog_post_id: own.id, reblog_key: own.reblog_key, 'post[two]': '<p>look</p>' });
    expectOk(await post(t.app, '/svc/follow', { tumblelog: blogOf(writer) }, asOwner(reader)));
    expectOk(await post(t.app, '/svc/follow', { tumblelog: blogOf(reblogger) }, asOwner(reader)));
    expectOk(await toggle(admin, 'suspended', { tumblelog: blogOf(writer), value: true }));
  });

  it('is not found for others, and still there for its owner', async () => {
    const path = `/svc/data/tumblelog?tumblelog=${blogOf(writer)}`;
    expectError(await get(t.app, path), 404);
    expectError(await get(t.app, path, asOwner(reader)), 404);
    expect(expectOk<Blog>(await get(t.app, path, asOwner(writer))).name).toBe(blogOf(writer));
    expectError(await get(t.app, `/svc/post/blog/${blogOf(writer)}/before/0`, asOwner(reader)), 404);
    const ownPage = expectOk<PostPage>(await get(t.app, `/svc/post/blog/${blogOf(writer)}/before/0`, asOwner(writer)));
    expect(ownPage.posts.map((p) => p.id)).toEqual([own.id]);
  });

  it('leaves the dashboard of followers, with the reblogs of its posts; the owner still sees them', async () => {
    const seen = expectOk<PostPage>(await get(t.app, '/svc/post/dashboard/before/0', asOwner(reader))).posts.map((p) => p.id);
    expect(seen).not.toContain(own.id);
    expect(seen).not.toContain(reblog.id);
    const mine = expectOk<PostPage>(await get(t.app, '/svc/post/dashboard/before/0', asOwner(writer))).posts.map((p) => p.id);
    expect(mine).toContain(own.id);
  });

  it('cannot be reblogged or fetched for a reblog by others', async () => {
    expectError(await post(t.app, '/svc/post/fetch', { reblog_id: own.id, reblog_key: own.reblog_key }, asOwner(reader)), 404);
  });

  it('comes back when the switch is off', async () => {
    expectOk(await toggle(admin, 'suspended', { tumblelog: blogOf(writer), value: false }));
    expectOk(await get(t.app, `/svc/data/tumblelog?tumblelog=${blogOf(writer)}`, asOwner(reader)));
    const seen = expectOk<PostPage>(await get(t.app, '/svc/post/dashboard/before/0', asOwner(reader))).posts.map((p) => p.id);
    expect(seen).toEqual(expect.arrayContaining([own.id, reblog.id]));
  });
});

describe('nsfw and spam', () => {
  it('an nsfw blog reads as adult in blog data and on its posts', async () => {
    const writer = await register(t.app);
    const made = await createPost(t.app, writer, textPost('Mature'));
    expect(made.blog.is_adult).toBe(false);
    await setSwitch(blogOf(writer), { is_nsfw: true });
    expect(expectOk<Blog>(await get(t.app, `/svc/data/tumblelog?tumblelog=${blogOf(writer)}`)).is_adult).toBe(true);
    const page = expectOk<PostPage>(await get(t.app, `/svc/post/blog/${blogOf(writer)}/before/0`));
    expect(page.posts[0]!.blog.is_adult).toBe(true);
  });

  it('a spam or suspended blog is left out of GIF search', async () => {
    const spammer = await register(t.app);
    const honest = await register(t.app);
    const gif = async (as: Session) => ({ 'post[type]': 'photo', 'images[o1]': await uploadedGifUrl(t.app, asOwner(as)), 'post[tags]': 'spamcheck' });
    const spamGif = await createPost(t.app, spammer, await gif(spammer));
    const honestGif = await createPost(t.app, honest, await gif(honest));
    const search = async () =>
      expectOk<GifSearchResult>(await post(t.app, '/svc/search/inline_gif', { q: 'spamcheck' }, asOwner(other))).media.map((m) => m.postId);
    expect((await search()).sort()).toEqual([spamGif.id, honestGif.id].sort());
    expectOk(await toggle(admin, 'spam', { tumblelog: blogOf(spammer), value: true }));
    expect(await search()).toEqual([honestGif.id]);
    expectOk(await toggle(admin, 'suspended', { tumblelog: blogOf(honest), value: true }));
    expect(await search()).toEqual([]);
  });
});

describe('GET /svc/admin/reports and POST /svc/admin/reports/resolve', () => {
  let reported: PostView;
  let reportIds: string[];
  beforeAll(async () => {
    const writer = await register(t.app);
    // One open report per reporter and post: a post each.
    const posts: PostView[] = [];
    for (let i = 0; i < REPORTS_PAGE; i++) posts.push(await createPost(t.app, writer, textPost(`Post ${i}`)));
    reported = await createPost(t.app, writer, textPost('Buy cheap watches', '<p>Best prices</p>'));
    posts.push(reported);
    const reporterId = (await t.db.selectFrom('users').select('id').where('email', '=', other.body.response.user.email).executeTakeFirstOrThrow()).id;
    reportIds = [];
    for (const [i, p] of posts.entries()) {
      const row = await t.db
        .insertInto('reports')
        .values({ post_id: p.id, reporter_user_id: reporterId, reason: i === REPORTS_PAGE ? 'spam' : 'other', message: `report ${i}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      reportIds.push(row.id);
    }
  });

  it('lists open reports newest first, with the post, its blog’s switches and the reporter, a page at a time', async () => {
    const first = expectOk<ReportsPage>(await get(t.app, '/svc/admin/reports', asOwner(admin)));
    expect(first.reports).toHaveLength(REPORTS_PAGE);
    expect(first.reports[0]).toEqual({
      id: reportIds.at(-1),
      reason: 'spam',
      message: `report ${REPORTS_PAGE}`,
      created_at: expect.any(String),
      reporter: { blog_name: blogOf(other) },
      post: { id: reported.id, type: 'text', url: reported.post_url, summary: 'Buy cheap watches', state: 'published', is_private: false },
      blog: {
        tumblelog: reported.blog.name, url: reported.blog.url,
        is_spam: false, is_nsfw: false, is_adult: false, is_uniblock: false, is_suspended: false,
      },
    });
    const second = expectOk<ReportsPage>(await get(t.app, `/svc/admin/reports?before=${first.next}`, asOwner(admin)));
    expect(second.next).toBeNull();
    expect([...first.reports, ...second.reports].map((r) => r.id)).toEqual([...reportIds].reverse());
  });

  it('resolves a report: it leaves the list; resolving it again answers the same', async () => {
    const id = reportIds[0]!;
    expect(expectOk(await post(t.app, '/svc/admin/reports/resolve', { id }, asOwner(admin)))).toEqual({ id, resolved: true });
    expectOk(await post(t.app, '/svc/admin/reports/resolve', { id }, asOwner(admin)));
    const all = expectOk<ReportsPage>(await get(t.app, `/svc/admin/reports?before=${reportIds[2]}`, asOwner(admin)));
    expect(all.reports.map((r) => r.id)).toEqual([reportIds[1]]);
    expectError(await post(t.app, '/svc/admin/reports/resolve', { id: '42' }, asOwner(admin)), 404, 'There is no such report.');
    expectError(await post(t.app, '/svc/admin/reports/resolve', { id: 'x' }, asOwner(admin)), 400);
  });

  it('answers 401 logged out and 403 to everyone but admins', async () => {
    expectError(await get(t.app, '/svc/admin/reports'), 401, 'You need to log in to do that.');
    expectError(await get(t.app, '/svc/admin/reports', asOwner(other)), 403, 'Only moderators can do that.');
    expectError(await post(t.app, '/svc/admin/reports/resolve', { id: reportIds[1] }, asOwner(owner)), 403);
    const open = await t.db.selectFrom('reports').select('id').where('resolved_at', 'is', null).execute();
    expect(open).toHaveLength(REPORTS_PAGE);
  });
});

describe('user info: feature flags and is_admin', () => {
  it('carries every flag with its default, a user’s override, and is_admin', async () => {
    const s = await register(t.app);
    const before = await userInfo(t.app, asOwner(s));
    expect(Object.keys(before.features).sort()).toEqual([...FEATURE_FLAGS].sort());
    expect(before.features).toMatchObject({ is_mobile_handset: false, dashboard_refresh: true, reddit_sharing: true });
    expect(before.is_admin).toBe(false);
    const userId = (await t.db.selectFrom('users').select('id').where('email', '=', s.body.response.user.email).executeTakeFirstOrThrow()).id;
    await t.db.insertInto('feature_flag_overrides').values([
      { user_id: userId, name: 'is_mobile_handset', enabled: true },
      { user_id: userId, name: 'reddit_sharing', enabled: false },
    ]).execute();
    const after = await userInfo(t.app, asOwner(s));
    expect(after.features).toMatchObject({ is_mobile_handset: true, reddit_sharing: false, dashboard_refresh: true });
    // Another user keeps the defaults; an admin is told so.
    expect((await userInfo(t.app, asOwner(other))).features.is_mobile_handset).toBe(false);
    expect((await userInfo(t.app, asOwner(admin))).is_admin).toBe(true);
  });
});
