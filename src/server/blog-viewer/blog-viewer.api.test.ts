// The blog viewer drawer's calls (spec 2 §7 "Blog viewer"): pages and the single post by the
// blog page's rules, safe mode with and without bypass, the header and its save, the peepr
// timeline and the survey, on PGlite and (TEST_DB=postgres) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSurveyResponse, IndashBlogResponse, PeeprResponse, SurveyAnswerResponse, TumblelogHeader } from '../../shared/blog-viewer/types';
import type { PostView } from '../../shared/posts/types';
import { asOwner, blogOf, createPost, textPost } from '../test/posts';
import { createTestApp, expectError, expectOk, get, newAccount, post, register, type Session, type TestApp } from '../test/test-app';

let t: TestApp;
let owner: Session;
let reader: Session;
let relaxed: Session;
let blocked: Session;
let adult: Session;
let admin: Session;
/** The owner's public posts, newest first. */
const publicPosts: PostView[] = [];
const made: Record<string, PostView> = {};

const drawer = async (query: string, as: Session | null = reader) =>
  expectOk<IndashBlogResponse>(await get(t.app, `/svc/indash_blog?${query}`, as ? asOwner(as) : {}));
const ids = (posts: PostView[]) => posts.map((p) => p.id);

beforeAll(async () => {
  t = await createTestApp();
  owner = await register(t.app, newAccount('keeper'));
  reader = await register(t.app, newAccount('visitor'));
  relaxed = await register(t.app, newAccount('relaxed'));
  blocked = await register(t.app, newAccount('pest'));
  adult = await register(t.app, newAccount('nocturne'));
  admin = await register(t.app, newAccount('warden'));
  await t.db.updateTable('users').set({ is_admin: true }).where('email', '=', admin.body.response.user.email).execute();
  expectOk(await post(t.app, '/svc/user/settings', { safe_mode: false }, asOwner(relaxed)));
  await t.db.updateTable('blogs').set({ is_adult: true }).where('name', '=', blogOf(adult)).execute();

  for (let i = 0; i < 12; i++) publicPosts.unshift(await createPost(t.app, owner, textPost(`Public ${i}`)));
  made.draft = await createPost(t.app, owner, { ...textPost('Draft'), 'post[state]': '1' });
  made.queued = await createPost(t.app, owner, { ...textPost('Queued'), 'post[state]': '2' });
  made.private = await createPost(t.app, owner, { ...textPost('Private'), 'post[state]': 'private' });
  made.flagged = await createPost(t.app, owner, textPost('Flagged'));
  await t.db.updateTable('posts').set({ owner_flagged_nsfw: true }).where('id', '=', made.flagged.id).execute();
  made.adult = await createPost(t.app, adult, textPost('After dark'));
  expectOk(await post(t.app, '/svc/block/add', { tumblelog: blogOf(owner), blocked_tumblelog: blogOf(blocked) }, asOwner(owner)));
});
afterAll(() => t?.close());

describe('GET /svc/indash_blog', () => {
  it('pages the blog newest first with a keyset cursor, leaving out drafts, the queue, private and flagged posts', async () => {
    const first = await drawer(`tumblelog_name_or_id=${blogOf(owner)}`, null);
    expect(ids(first.posts)).toEqual(ids(publicPosts.slice(0, 10)));
    expect(first).toMatchObject({ peepr_ad: null, tracking_html: '', safe_mode_hidden: false, survey: [], post_id: null, tumblelog_name: blogOf(owner) });
    expect(first.tumblelog).toMatchObject({ name: blogOf(owner), following: false, can_subscribe: false, is_subscribed: false, is_owner: false });
    expect(first.tumblelog.global_theme_params).toMatchObject({ title_color: '#444444', header_image_dimens: null });
    expect(first.next).not.toBeNull();
    const second = await drawer(`tumblelog_name_or_id=${blogOf(owner)}&before=${first.next}`, null);
    expect(ids(second.posts)).toEqual(ids(publicPosts.slice(10)));
    expect(second.next).toBeNull();
  });

  it('honours offset on the first call, up to its cap, and takes the blog by id or uuid', async () => {
    expect(ids((await drawer(`tumblelog_name_or_id=${blogOf(owner)}&offset=3&limit=2`)).posts)).toEqual(ids(publicPosts.slice(3, 5)));
    expectError(await get(t.app, `/svc/indash_blog?tumblelog_name_or_id=${blogOf(owner)}&offset=201`), 400, 'offset must be a whole number from 0 to 200.');
    const row = await t.db.selectFrom('blogs').select(['id', 'uuid']).where('name', '=', blogOf(owner)).executeTakeFirstOrThrow();
    expect((await drawer(`tumblelog_name_or_id=${row.id}`)).tumblelog_name).toBe(blogOf(owner));
    expect((await drawer(`tumblelog_name_or_id=${row.uuid}`)).tumblelog_name).toBe(blogOf(owner));
  });

  it('shows the owner private and flagged posts, never drafts or the queue', async () => {
    const mine = await drawer(`tumblelog_name_or_id=${blogOf(owner)}&limit=20`, owner);
    expect(ids(mine.posts)).toContain(made.private!.id);
    expect(ids(mine.posts)).toContain(made.flagged!.id);
    expect(ids(mine.posts)).not.toContain(made.draft!.id);
    expect(ids(mine.posts)).not.toContain(made.queued!.id);
    expect(mine.tumblelog.is_owner).toBe(true);
  });

  it('shows flagged posts with safe mode off or bypassed', async () => {
    expect(ids((await drawer(`tumblelog_name_or_id=${blogOf(owner)}&limit=20`, relaxed)).posts)).toContain(made.flagged!.id);
    expect(ids((await drawer(`tumblelog_name_or_id=${blogOf(owner)}&limit=20&should_bypass_safemode=true`)).posts)).toContain(made.flagged!.id);
  });

  it('answers one post for post_id, and 404 for a post the viewer may not see there', async () => {
    const one = await drawer(`tumblelog_name_or_id=${blogOf(owner)}&post_id=${publicPosts[4]!.id}`);
    expect(ids(one.posts)).toEqual([publicPosts[4]!.id]);
    expect(one.post_id).toBe(publicPosts[4]!.id);
    expect(one.post_url).toBe(publicPosts[4]!.post_url);
    expect(one.post_tiny_url).toBe(`http://localhost:3000/p/${publicPosts[4]!.id}`);
    for (const hidden of [made.draft!, made.private!, made.queued!, made.adult!]) {
      expectError(await get(t.app, `/svc/indash_blog?tumblelog_name_or_id=${blogOf(owner)}&post_id=${hidden.id}`, asOwner(reader)), 404);
    }
    expect(ids((await drawer(`tumblelog_name_or_id=${blogOf(owner)}&post_id=${made.private!.id}`, owner)).posts)).toEqual([made.private!.id]);
  });

  it('withholds an adult blog in safe mode unless bypassed, with the survey only then', async () => {
    const hidden = await drawer(`tumblelog_name_or_id=${blogOf(adult)}`);
    expect(hidden).toMatchObject({ posts: [], safe_mode_hidden: true, survey: [], next: null });
    expect(hidden.tumblelog.is_adult).toBe(true);
    expect((await drawer(`tumblelog_name_or_id=${blogOf(adult)}`, null)).safe_mode_hidden).toBe(true);
    const open = await drawer(`tumblelog_name_or_id=${blogOf(adult)}&should_bypass_safemode=true`);
    expect(ids(open.posts)).toEqual([made.adult!.id]);
    expect(open.safe_mode_hidden).toBe(false);
    expect((await drawer(`tumblelog_name_or_id=${blogOf(adult)}`, relaxed)).posts).toHaveLength(1);
    expect((await drawer(`tumblelog_name_or_id=${blogOf(adult)}`, adult)).posts).toHaveLength(1);
  });

  it('hides suspended blogs from all but the owner, and refuses across a block', async () => {
    expectError(await get(t.app, `/svc/indash_blog?tumblelog_name_or_id=${blogOf(owner)}`, asOwner(blocked)), 403);
    expectError(await get(t.app, `/svc/indash_blog/header?tumblelog_name_or_id=${blogOf(owner)}`, asOwner(blocked)), 403);
    await t.db.updateTable('blogs').set({ is_suspended: true }).where('name', '=', blogOf(adult)).execute();
    expectError(await get(t.app, `/svc/indash_blog?tumblelog_name_or_id=${blogOf(adult)}`, asOwner(relaxed)), 404);
    expectError(await get(t.app, `/svc/tumblelog/${blogOf(adult)}/peepr`, asOwner(relaxed)), 404);
    expect((await drawer(`tumblelog_name_or_id=${blogOf(adult)}`, adult)).posts).toHaveLength(1);
    await t.db.updateTable('blogs').set({ is_suspended: false }).where('name', '=', blogOf(adult)).execute();
    expectError(await get(t.app, '/svc/indash_blog?tumblelog_name_or_id=no-such-blog-here'), 404);
  });

  it('answers 400 to bad input', async () => {
    const blog = blogOf(owner);
    for (const [query, message] of [
      ['', /tumblelog_name_or_id is missing/],
      [`tumblelog_name_or_id=${blog}&limit=0`, /limit must be a whole number from 1 to 20/],
      [`tumblelog_name_or_id=${blog}&limit=abc`, /limit must be a whole number/],
      [`tumblelog_name_or_id=${blog}&post_id=9999999999999999999`, /post_id is too large to be an id/],
      [`tumblelog_name_or_id=${blog}&before=x1`, /before must be the next cursor/],
      [`tumblelog_name_or_id=${blog}&should_bypass_safemode=perhaps`, /should_bypass_safemode must be true or false/],
      [`tumblelog_name_or_id=${'n'.repeat(101)}`, /not a blog name or id/],
    ] as const) {
      expectError(await get(t.app, `/svc/indash_blog?${query}`, asOwner(reader)), 400, message);
    }
  });

  it('costs the same number of queries whatever the page size', async () => {
    const counts: number[] = [];
    // 10 and 20 posts: one ad slot and two (a page under 10 posts has none and skips the ad query).
    for (const limit of [10, 20]) {
      const before = t.queryCount();
      await drawer(`tumblelog_name_or_id=${blogOf(owner)}&limit=${limit}`);
      counts.push(t.queryCount() - before);
    }
    expect(counts[0]).toBe(counts[1]);
    // blog, follow flags, page ids, header image (none), the reader's ad cap, the ad slots, posts, blogs, counts.
    expect(counts[0]).toBeLessThanOrEqual(9);
  });
});

describe('the header', () => {
  it('carries the follow state, and the owner saves it', async () => {
    expectOk(await post(t.app, '/svc/follow', { tumblelog: blogOf(owner) }, asOwner(reader)));
    const header = expectOk<TumblelogHeader>(await get(t.app, `/svc/indash_blog/header?tumblelog_name_or_id=${blogOf(owner)}`, asOwner(reader)));
    expect(header).toMatchObject({ following: true, can_subscribe: true, is_subscribed: false });

    const body = {
      tumblelog_name_or_id: blogOf(owner),
      tumblelog: { ...header, title: 'Keeper of things', global_theme_params: { ...header.global_theme_params, title_color: '#112233', header_image_dimens: { width: 1, height: 1 } } },
    };
    const saved = expectOk<TumblelogHeader>(await post(t.app, '/svc/indash_blog/header', body, asOwner(owner)));
    expect(saved.title).toBe('Keeper of things');
    expect(saved.global_theme_params.title_color).toBe('#112233');
    expect(saved.global_theme_params.header_image_dimens).toBeNull();

    expectError(await post(t.app, '/svc/indash_blog/header', { ...body, tumblelog: { title: 'Mine now' } }, asOwner(reader)), 403);
    expectError(await post(t.app, '/svc/indash_blog/header', body), 401);
    expectError(await post(t.app, '/svc/indash_blog/header', body, { cookie: owner.cookie }), 403);
    expectError(await post(t.app, '/svc/indash_blog/header', { ...body, tumblelog: { global_theme_params: { title_color: 'blue' } } }, asOwner(owner)), 400, /hex colour/);
    expectError(await post(t.app, '/svc/indash_blog/header', { ...body, tumblelog: 'x' }, asOwner(owner)), 400, /tumblelog must be the header model/);
    const row = await t.db.selectFrom('blogs').select('title').where('name', '=', blogOf(owner)).executeTakeFirstOrThrow();
    expect(row.title).toBe('Keeper of things');
  });
});

describe('GET /svc/tumblelog/{name}/peepr', () => {
  it('starts at the post and pages on through older ones', async () => {
    const first = expectOk<PeeprResponse>(await get(t.app, `/svc/tumblelog/${blogOf(owner)}/peepr?post_id=${publicPosts[8]!.id}&limit=2`, asOwner(reader)));
    expect(ids(first.posts)).toEqual(ids(publicPosts.slice(8, 10)));
    const second = expectOk<PeeprResponse>(await get(t.app, `/svc/tumblelog/${blogOf(owner)}/peepr?before=${first.next}&limit=5`, asOwner(reader)));
    expect(ids(second.posts)).toEqual(ids(publicPosts.slice(10)));
    expect(second.next).toBeNull();
    expectError(await get(t.app, `/svc/tumblelog/${blogOf(owner)}/peepr?post_id=${made.draft!.id}`, asOwner(reader)), 404);
  });
});

describe('the survey', () => {
  const adultDrawer = (as: Session) => drawer(`tumblelog_name_or_id=${blogOf(adult)}&should_bypass_safemode=true`, as);

  it('is set by an admin only, shown with bypass until answered, and stores the answer', async () => {
    const input = { title: 'What brings you here?', options: ['Art', 'Friends', 'Curiosity'], submission_confirmation: 'Thanks for telling us.' };
    expectError(await post(t.app, '/svc/admin/blog_viewer_survey', input, asOwner(reader)), 403, 'Only moderators can do that.');
    expectError(await post(t.app, '/svc/admin/blog_viewer_survey', input), 401);
    expectError(await post(t.app, '/svc/admin/blog_viewer_survey', { ...input, options: ['Only one'] }, asOwner(admin)), 400, /at least 2 answers/);
    expectError(await post(t.app, '/svc/admin/blog_viewer_survey', { ...input, options: ['Art', 'art'] }, asOwner(admin)), 400, /different/);
    const set = expectOk<AdminSurveyResponse>(await post(t.app, '/svc/admin/blog_viewer_survey', input, asOwner(admin)));
    expect(set.survey!.options.map((o) => o.text)).toEqual(input.options);

    expect((await drawer(`tumblelog_name_or_id=${blogOf(adult)}`)).survey).toEqual([]);
    expect((await drawer(`tumblelog_name_or_id=${blogOf(owner)}&should_bypass_safemode=true`)).survey).toEqual([]);
    expect((await adultDrawer(relaxed)).survey).toEqual([]);
    const shown = (await adultDrawer(reader)).survey;
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ title: input.title, submission_confirmation: input.submission_confirmation });
    const option = shown[0]!.options[1]!;
    expect(option).toMatchObject({ text: 'Friends', link: { href: '/svc/indash_blog/survey', method: 'POST' } });

    expectError(await post(t.app, option.link.href, option.link.body_params, { cookie: reader.cookie }), 403);
    expectError(await post(t.app, option.link.href, { ...option.link.body_params, option: 'option_9' }, asOwner(reader)), 400, /not one of the answers/);
    const answered = expectOk<SurveyAnswerResponse>(await post(t.app, option.link.href, option.link.body_params, asOwner(reader)));
    expect(answered.submission_confirmation).toBe(input.submission_confirmation);
    // Twice at once: one answer row.
    await Promise.all([0, 1].map(() => post(t.app, option.link.href, option.link.body_params, asOwner(reader))));
    expect((await adultDrawer(reader)).survey).toEqual([]);
    const counts = expectOk<AdminSurveyResponse>(await get(t.app, '/svc/admin/blog_viewer_survey', asOwner(admin)));
    expect(counts.survey!.options.map((o) => o.answers)).toEqual([0, 1, 0]);

    expect(expectOk<AdminSurveyResponse>(await post(t.app, '/svc/admin/blog_viewer_survey', { ...input, title: 'Second' }, asOwner(admin))).survey!.title).toBe('Second');
    expectError(await post(t.app, option.link.href, option.link.body_params, asOwner(reader)), 404, /survey is over/);
    expect(expectOk<AdminSurveyResponse>(await t.app.inject({ method: 'DELETE', url: '/svc/admin/blog_viewer_survey', headers: { cookie: admin.cookie, 'x-form-key': admin.formKey } })).survey).toBeNull();
    expect((await adultDrawer(relaxed)).survey).toEqual([]);
    const rows = await t.db.selectFrom('survey_answers').selectAll().execute();
    expect(rows).toHaveLength(1);
  });
});
