import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPEAL_LEVEL, SENSITIVE_TEXTS, type AppealAnswer, type AppealsPage } from '../../shared/appeals';
import type { PostPage, PostView } from '../../shared/posts/types';
import { asOwner, blogOf, createPost, textPost } from '../test/posts';
import { countRows, createTestApp, expectError, expectOk, get, markVerified, post, readOutbox, register, type Session, type TestApp } from '../test/test-app';

let t: TestApp;
let ann: Session;
let bob: Session;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  ann = await register(t.app);
  bob = await register(t.app);
  admin = await register(t.app);
  await markVerified(t.db, ann, bob, admin);
  await t.db.updateTable('users').set({ is_admin: true }).where('email', '=', admin.body.response.user.email).execute();
  // Bob follows Ann: her posts are on his dashboard.
  expectOk(await post(t.app, '/svc/follow', { tumblelog: blogOf(ann) }, asOwner(bob)));
});
afterAll(() => t.close());

const mark = (id: string, sensitive: '1' | '0', as = admin) => post(t.app, '/svc/moderation/post/sensitive', { post_id: id, sensitive }, asOwner(as));
const appeal = (id: string, state: number | string, as = ann, blog = blogOf(ann)) => post(t.app, '/svc/appeal', { post_id: id, blog_name: blog, state: String(state) }, asOwner(as));
const decide = (id: string, sensitive: '1' | '0', as = admin) => post(t.app, '/svc/moderation/appeal/decide', { post_id: id, sensitive }, asOwner(as));
const row = (id: string) => t.db.selectFrom('posts').select(['is_sensitive', 'appeal_state', 'appeal_requested_at']).where('id', '=', id).executeTakeFirstOrThrow();
const mailsTo = async (address: string) => (await readOutbox(t.dataDir)).filter((m) => m.includes(`To: ${address}`));

/** The post as each list shows it to `s` (dashboard, blog page, its own page). */
async function views(id: string, s: Session): Promise<PostView[]> {
  const dash = expectOk<PostPage>(await get(t.app, '/svc/post/dashboard/before/0', asOwner(s))).posts.find((p) => p.id === id)!;
  const blog = expectOk<PostPage>(await get(t.app, `/svc/post/blog/${blogOf(ann)}/before/0`, asOwner(s))).posts.find((p) => p.id === id)!;
  const one = expectOk<{ post: PostView }>(await get(t.app, `/svc/post/view/${blogOf(ann)}/${id}`, asOwner(s))).post;
  return [dash, blog, one];
}

describe('POST /svc/moderation/post/sensitive', () => {
  it('an admin marks a post: sensitive, appeal available; every list says so; only the owner sees the level', async () => {
    const p = await createPost(t.app, ann, textPost('Marked by a moderator'));
    for (const v of await views(p.id, bob)) expect(v).toMatchObject({ is_sensitive: false });
    expect(expectOk<AppealAnswer>(await mark(p.id, '1'))).toEqual({ post_id: p.id, is_sensitive: true, appeal_state: APPEAL_LEVEL.available });
    for (const v of await views(p.id, bob)) {
      expect(v.is_sensitive).toBe(true);
      expect(v).not.toHaveProperty('appeal_state');
    }
    for (const v of await views(p.id, ann)) expect(v).toMatchObject({ is_sensitive: true, appeal_state: APPEAL_LEVEL.available });
    // Logged out: the mark, no level.
    const out = expectOk<{ post: PostView }>(await get(t.app, `/svc/post/view/${blogOf(ann)}/${p.id}`)).post;
    expect(out.is_sensitive).toBe(true);
    expect(out).not.toHaveProperty('appeal_state');
  });

  it('marking again keeps the appeal where it is; lifting the mark ends it', async () => {
    const p = await createPost(t.app, ann, textPost('Marked twice'));
    expectOk(await mark(p.id, '1'));
    expectOk(await appeal(p.id, APPEAL_LEVEL.in_review));
    expect(expectOk<AppealAnswer>(await mark(p.id, '1')).appeal_state).toBe(APPEAL_LEVEL.in_review);
    expect(expectOk<AppealAnswer>(await mark(p.id, '0'))).toEqual({ post_id: p.id, is_sensitive: false, appeal_state: APPEAL_LEVEL.none });
    expect(await row(p.id)).toMatchObject({ is_sensitive: false, appeal_state: 0, appeal_requested_at: null });
  });

  it("the owner's own NSFW flag reads as sensitive, with nothing to appeal", async () => {
    const p = await createPost(t.app, ann, { ...textPost('Flagged by its owner'), owner_flagged_nsfw: '1' });
    for (const v of await views(p.id, bob)) expect(v.is_sensitive).toBe(true);
    for (const v of await views(p.id, ann)) expect(v.appeal_state).toBe(APPEAL_LEVEL.none);
    expectError(await appeal(p.id, APPEAL_LEVEL.in_review), 409, 'This post is not marked as sensitive, so there is nothing to appeal.');
  });

  it('only admins (403), logged in (401); an unknown post is 404; bad input is 400 and changes nothing', async () => {
    const p = await createPost(t.app, ann, textPost('Not for others to mark'));
    expectError(await mark(p.id, '1', ann), 403, 'Only moderators can do that.');
    expectError(await mark(p.id, '1', bob), 403);
    expectError(await post(t.app, '/svc/moderation/post/sensitive', { post_id: p.id, sensitive: '1' }), 401);
    expectError(await mark('9223372036854775000', '1'), 404);
    const before = await countRows(t.db);
    expectError(await post(t.app, '/svc/moderation/post/sensitive', { post_id: p.id, sensitive: 'maybe' }, asOwner(admin)), 400, 'sensitive must be true or false.');
    expectError(await post(t.app, '/svc/moderation/post/sensitive', { post_id: '99999999999999999999', sensitive: '1' }, asOwner(admin)), 400);
    expect(await countRows(t.db)).toEqual(before);
    expect(await row(p.id)).toMatchObject({ is_sensitive: false, appeal_state: 0 });
  });
});

describe('POST /svc/appeal', () => {
  it('available -> in_review; the same request again is a 200 that changes nothing; then no dismissing', async () => {
    const p = await createPost(t.app, ann, textPost('Appealed'));
    expectOk(await mark(p.id, '1'));
    expect(expectOk<AppealAnswer>(await appeal(p.id, APPEAL_LEVEL.in_review)).appeal_state).toBe(APPEAL_LEVEL.in_review);
    const asked = (await row(p.id)).appeal_requested_at;
    expect(asked).not.toBeNull();
    expect(expectOk<AppealAnswer>(await appeal(p.id, APPEAL_LEVEL.in_review)).appeal_state).toBe(APPEAL_LEVEL.in_review);
    expect((await row(p.id)).appeal_requested_at).toEqual(asked);
    expectError(await appeal(p.id, APPEAL_LEVEL.available), 409, 'This post is being reviewed already.');
  });

  it('dismissing keeps it available (from available_prioritize too), and a review can still be asked later', async () => {
    const p = await createPost(t.app, ann, textPost('Dismissed'));
    expectOk(await mark(p.id, '1'));
    expect(expectOk<AppealAnswer>(await appeal(p.id, APPEAL_LEVEL.available)).appeal_state).toBe(APPEAL_LEVEL.available);
    await t.db.updateTable('posts').set({ appeal_state: APPEAL_LEVEL.available_prioritize }).where('id', '=', p.id).execute();
    expect(expectOk<AppealAnswer>(await appeal(p.id, APPEAL_LEVEL.available)).appeal_state).toBe(APPEAL_LEVEL.available);
    expect(expectOk<AppealAnswer>(await appeal(p.id, APPEAL_LEVEL.in_review)).appeal_state).toBe(APPEAL_LEVEL.in_review);
  });

  it('two requests at once: one review, both answered in_review', async () => {
    const p = await createPost(t.app, ann, textPost('Asked twice at once'));
    expectOk(await mark(p.id, '1'));
    const answers = await Promise.all([appeal(p.id, 3), appeal(p.id, 3), appeal(p.id, 3)]);
    for (const a of answers) expect(expectOk<AppealAnswer>(a).appeal_state).toBe(APPEAL_LEVEL.in_review);
  });

  it('only the owner: another user 403, a post not on that blog or hidden 404, logged out 401', async () => {
    const p = await createPost(t.app, ann, textPost('Not yours to appeal'));
    expectOk(await mark(p.id, '1'));
    expectError(await appeal(p.id, 3, bob), 403, 'Only the owner of a post can appeal its sensitive mark.');
    expectError(await appeal(p.id, 3, admin), 403);
    expectError(await appeal(p.id, 3, ann, blogOf(bob)), 404);
    const draft = await createPost(t.app, ann, { ...textPost('A draft'), 'post[state]': '1' });
    expectError(await appeal(draft.id, 3, bob), 404);
    expectError(await post(t.app, '/svc/appeal', { post_id: p.id, blog_name: blogOf(ann), state: '3' }), 401);
    expect(await row(p.id)).toMatchObject({ appeal_state: APPEAL_LEVEL.available });
  });

  it('bad input: 400 with a message, nothing changes', async () => {
    const p = await createPost(t.app, ann, textPost('Bad input'));
    expectOk(await mark(p.id, '1'));
    expectError(await appeal(p.id, 4), 400, 'state must be 3 (ask for a review) or 2 (not now).');
    expectError(await appeal(p.id, 'x'), 400, 'state must be 3 (ask for a review) or 2 (not now).');
    expectError(await post(t.app, '/svc/appeal', { post_id: p.id, state: '3' }, asOwner(ann)), 400, 'Say which blog: blog_name is missing.');
    expectError(await appeal('18446744073709551616', 3), 400);
    expect(await row(p.id)).toMatchObject({ appeal_state: APPEAL_LEVEL.available });
  });
});

describe('POST /svc/moderation/appeal/decide and GET /svc/admin/appeals', () => {
  it('the queue lists posts in review; deciding completes it either way and emails the owner', async () => {
    const kept = await createPost(t.app, ann, textPost('Kept sensitive'));
    const lifted = await createPost(t.app, ann, textPost('Lifted after review'));
    for (const p of [kept, lifted]) {
      expectOk(await mark(p.id, '1'));
      expectOk(await appeal(p.id, 3));
    }
    const queue = expectOk<AppealsPage>(await get(t.app, '/svc/admin/appeals', asOwner(admin)));
    expect(queue.appeals.map((a) => a.post.id).slice(0, 2)).toEqual([lifted.id, kept.id]);
    expect(queue.appeals[0]).toMatchObject({ post: { summary: expect.stringContaining('Lifted after review') }, blog: { name: blogOf(ann) } });

    const email = ann.body.response.user.email;
    const before = (await mailsTo(email)).length;
    expect(expectOk<AppealAnswer>(await decide(kept.id, '1'))).toMatchObject({ is_sensitive: true, appeal_state: APPEAL_LEVEL.complete, emailed: true });
    expect(expectOk<AppealAnswer>(await decide(lifted.id, '0'))).toMatchObject({ is_sensitive: false, appeal_state: APPEAL_LEVEL.complete, emailed: true });
    const mails = (await mailsTo(email)).slice(before);
    expect(mails).toHaveLength(2);
    expect(mails.some((m) => m.replace(/=\r?\n/g, '').includes(SENSITIVE_TEXTS.complete))).toBe(true);

    for (const v of await views(lifted.id, bob)) expect(v.is_sensitive).toBe(false);
    for (const v of await views(kept.id, ann)) expect(v).toMatchObject({ is_sensitive: true, appeal_state: APPEAL_LEVEL.complete });
    const after = expectOk<AppealsPage>(await get(t.app, '/svc/admin/appeals', asOwner(admin))).appeals.map((a) => a.post.id);
    expect(after).not.toContain(kept.id);
    // Decided: no appeal waits, and the owner cannot open it again.
    expectError(await decide(kept.id, '0'), 409, 'There is no appeal waiting on this post.');
    expectError(await appeal(kept.id, 3), 409, 'This post has been reviewed already; the decision stands.');
  });

  it('only admins decide or read the queue; no appeal waiting is 409, no post 404', async () => {
    const p = await createPost(t.app, ann, textPost('Waiting'));
    expectOk(await mark(p.id, '1'));
    expectError(await decide(p.id, '0'), 409, 'There is no appeal waiting on this post.');
    expectOk(await appeal(p.id, 3));
    expectError(await decide(p.id, '0', ann), 403);
    expectError(await decide(p.id, '0', bob), 403);
    expectError(await get(t.app, '/svc/admin/appeals', asOwner(bob)), 403);
    expectError(await decide('9223372036854775000', '0'), 404);
    expect(await row(p.id)).toMatchObject({ is_sensitive: true, appeal_state: APPEAL_LEVEL.in_review });
  });

  it('the queue pages by id, one query a page', async () => {
    const page = expectOk<AppealsPage>(await get(t.app, '/svc/admin/appeals?before=1', asOwner(admin)));
    expect(page).toEqual({ appeals: [], next: null });
    expectError(await get(t.app, '/svc/admin/appeals?before=abc', asOwner(admin)), 400);
  });
});
