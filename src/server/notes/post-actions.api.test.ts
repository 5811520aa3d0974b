import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastReblogResponse, LikeResponse, PromoteResponse, ReplyResponse } from '../../shared/notes/types';
import type { PostView, SaveResponse } from '../../shared/posts/types';
import { publishDue } from '../posts/queue';
import { asOwner, blogOf, createPost, savePost, textPost } from '../test/posts';
import { avatarUrlOf, createTestApp, expectError, expectOk, post, register, userInfo, type Session, type TestApp } from '../test/test-app';
import { block, blogId, fastReblog, like, notificationsOf, reply, socialRows, unlike } from './notes-test-kit';

let t: TestApp;
let ann: Session;
let bob: Session;
let carol: Session;
let annPost: PostView;
let annDraft: PostView;
let annQueued: PostView;
let annPrivate: PostView;

beforeAll(async () => {
  t = await createTestApp();
  [ann, bob, carol] = [await register(t.app), await register(t.app), await register(t.app)];
  annPost = await createPost(t.app, ann, textPost('Ann writes'));
  annDraft = await createPost(t.app, ann, { ...textPost('Ann drafts'), 'post[state]': '1' });
  // Scheduled a year ahead: the queue publisher a test runs leaves it queued.
  const later = new Date(Date.now() + 365 * 86_400_000).toISOString();
  annQueued = await createPost(t.app, ann, { ...textPost('Ann queues'), 'post[state]': 'on.2', 'post[publish_on]': later });
  annPrivate = await createPost(t.app, ann, { ...textPost('Ann alone'), 'post[state]': 'private' });
  // Ann's blog blocked Carol's: Carol may not reach Ann's posts.
  await block(t.db, ann, carol);
});
afterAll(() => t.close());

const hiddenFromBob = () => [annDraft, annQueued, annPrivate];

describe('POST /svc/like', () => {
  it('likes as the current blog, once however often it is asked, and tells the author once', async () => {
    const first = expectOk<LikeResponse>(
      await like(t, bob, annPost, { root_id: annPost.root_id, placement_id: 'p', is_recommended: false, pt: 'x', method: 'button', source: 'dashboard', offset: 2 }),
    );
    expect(first).toEqual({ liked: true, note_count: 1 });
    expect(expectOk<LikeResponse>(await like(t, bob, annPost))).toEqual({ liked: true, note_count: 1 });
    const likes = await t.db.selectFrom('likes').selectAll().where('post_id', '=', annPost.id).execute();
    expect(likes).toHaveLength(1);
    expect(likes[0]!.blog_id).toBe(await blogId(t.db, blogOf(bob)));
    const told = await notificationsOf(t.db, blogOf(ann), 'like');
    expect(told).toEqual([expect.objectContaining({ from: blogOf(bob), post_id: annPost.id, new_post_id: null })]);
    expect((await userInfo(t.app, asOwner(bob))).liked_post_count).toBe(1);
  });

  it('likes as the blog the viewer switched to', async () => {
    const dave = await register(t.app);
    const side = `${blogOf(dave)}-side`;
    expectOk(await post(t.app, '/svc/blog/create', { name: side, title: 'Side' }, asOwner(dave)));
    expectOk(await post(t.app, '/svc/blog/select', { tumblelog: side }, asOwner(dave)));
    expectOk(await like(t, dave, annPost));
    const row = await t.db.selectFrom('likes').select('blog_id').where('post_id', '=', annPost.id).where('blog_id', '=', await blogId(t.db, side)).executeTakeFirst();
    expect(row).toBeDefined();
    expect((await notificationsOf(t.db, blogOf(ann), 'like')).map((n) => n.from)).toContain(side);
    expectOk(await unlike(t, dave, annPost));
  });

  it('refuses the viewer’s own post and a post with likes turned off, changing nothing', async () => {
    const closed = await createPost(t.app, ann, { ...textPost('No likes'), can_be_liked: '0' });
    const before = await socialRows(t.db);
    const own = expectError(await like(t, ann, annPost), 403, 'You cannot like your own post.');
    expect(own.errors![0]!.code).toBe(4006);
    expect(expectError(await like(t, bob, closed), 403, 'This post cannot be liked: its author turned likes off.').errors![0]!.code).toBe(4006);
    expect(await socialRows(t.db)).toEqual(before);
  });

  it('answers 404 for hidden posts, a wrong key and a missing post', async () => {
    const before = await socialRows(t.db);
    for (const hidden of hiddenFromBob()) expectError(await like(t, bob, hidden), 404);
    expectError(await post(t.app, '/svc/like', { id: annPost.id, key: 'not-the-key' }, asOwner(bob)), 404);
    expectError(await post(t.app, '/svc/like', { id: '123456789', key: annPost.reblog_key }, asOwner(bob)), 404);
    expect(await socialRows(t.db)).toEqual(before);
  });

  it('answers 403 across a block, either way', async () => {
    const before = await socialRows(t.db);
    const res = expectError(await like(t, carol, annPost), 403, 'You cannot do that: one of these blogs has blocked the other.');
    expect(res.errors![0]!.code).toBe(4005);
    const carolPost = await createPost(t.app, carol, textPost('Carol writes'));
    const after = await socialRows(t.db);
    expectError(await like(t, ann, carolPost), 403);
    expect(after.likes).toBe(before.likes);
    expect(await socialRows(t.db)).toEqual(after);
  });

  it('answers 400 for bad input, 401 logged out and 403 without the form key, changing nothing', async () => {
    const before = await socialRows(t.db);
    expectError(await post(t.app, '/svc/like', { key: annPost.reblog_key }, asOwner(bob)), 400, 'Say which post: id is missing.');
    expectError(await post(t.app, '/svc/like', { id: 'abc', key: annPost.reblog_key }, asOwner(bob)), 400, 'id must be a post id (digits only).');
    expectError(await post(t.app, '/svc/like', { id: annPost.id }, asOwner(bob)), 400, "key is missing: send the post's reblog_key with it.");
    expectError(await post(t.app, '/svc/like', { id: annPost.id, key: annPost.reblog_key, offset: { a: 1 } }, asOwner(bob)), 400);
    expectError(await post(t.app, '/svc/like', { id: annPost.id, key: annPost.reblog_key }), 401, 'You need to log in to do that.');
    expectError(await post(t.app, '/svc/like', { id: annPost.id, key: annPost.reblog_key }, { cookie: bob.cookie }), 403);
    expect(await socialRows(t.db)).toEqual(before);
  });
});

describe('POST /svc/unlike', () => {
  it('removes the like; unliking what is not liked answers 200', async () => {
    const p = await createPost(t.app, ann, textPost('To unlike'));
    expectOk(await like(t, bob, p));
    expect(expectOk<LikeResponse>(await unlike(t, bob, p))).toEqual({ liked: false, note_count: 0 });
    expect(expectOk<LikeResponse>(await unlike(t, bob, p))).toEqual({ liked: false, note_count: 0 });
    expect(expectOk<LikeResponse>(await unlike(t, ann, p))).toEqual({ liked: false, note_count: 0 });
    expect(await t.db.selectFrom('likes').select('user_id').where('post_id', '=', p.id).execute()).toEqual([]);
  });

  it('lets a blocked viewer take a like back, and hides hidden posts', async () => {
    const p = await createPost(t.app, ann, textPost('Liked before the block'));
    const erin = await register(t.app);
    expectOk(await like(t, erin, p));
    await block(t.db, ann, erin);
    expect(expectOk<LikeResponse>(await unlike(t, erin, p))).toEqual({ liked: false, note_count: 0 });
    for (const hidden of hiddenFromBob()) expectError(await unlike(t, bob, hidden), 404);
    expectError(await post(t.app, '/svc/unlike', { id: p.id, key: 'nope' }, asOwner(bob)), 404);
    expectError(await post(t.app, '/svc/unlike', { id: p.id }, asOwner(bob)), 400);
    expectError(await post(t.app, '/svc/unlike', { id: p.id, key: p.reblog_key }), 401, 'You need to log in to do that.');
  });
});

describe('POST /fast_reblog', () => {
  it('reblogs at once to the current blog with the trail, and tells the parent and the root', async () => {
    const res = expectOk<FastReblogResponse>(await fastReblog(t, bob, annPost, { pt: 'x', offset: 1 }));
    expect(res).toEqual({
      post_id: expect.stringMatching(/^\d+$/),
      state: 'published',
      reblogged: true,
      post_tumblelog: { name_or_id: blogOf(bob), avatar: avatarUrlOf(blogOf(bob), 128) },
      note_count: expect.any(Number),
    });
    const row = await t.db.selectFrom('posts').selectAll().where('id', '=', res.post_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ blog_id: await blogId(t.db, blogOf(bob)), reblog_of_id: annPost.id, root_id: annPost.id, state: 'published', comment_html: '' });
    expect(row.trail).toEqual([{ post_id: annPost.id, blog_id: await blogId(t.db, blogOf(ann)), content_html: '', is_root: true }]);
    expect(await notificationsOf(t.db, blogOf(ann), 'reblog')).toEqual([
      expect.objectContaining({ from: blogOf(bob), post_id: annPost.id, new_post_id: res.post_id }),
    ]);

    // Dave reblogs Bob's reblog: Bob hears of the reblog, Ann of the attribution.
    const dave = await register(t.app);
    const bobReblog = { ...annPost, id: res.post_id, reblog_key: row.reblog_key };
    const second = expectOk<FastReblogResponse>(await fastReblog(t, dave, bobReblog));
    expect(await notificationsOf(t.db, blogOf(bob), 'reblog')).toEqual([
      expect.objectContaining({ from: blogOf(dave), post_id: res.post_id, new_post_id: second.post_id }),
    ]);
    expect(await notificationsOf(t.db, blogOf(ann), 'post_attribution')).toEqual([
      expect.objectContaining({ from: blogOf(dave), post_id: annPost.id, new_post_id: second.post_id }),
    ]);
  });

  it('queues the reblog when asked; the blog hears of it when the queue publishes it', async () => {
    const p = await createPost(t.app, ann, textPost('For the queue'));
    const erin = await register(t.app);
    const res = expectOk<FastReblogResponse>(await fastReblog(t, erin, p, { queue: '1' }));
    expect(res.state).toBe('queued');
    // A queued reblog is not a note yet: the count the footer shows stays.
    expect(res.note_count).toBe(0);
    const row = await t.db.selectFrom('posts').select(['state', 'publish_id']).where('id', '=', res.post_id).executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'queued', publish_id: null });
    const reblogsOfP = async () => (await notificationsOf(t.db, blogOf(ann), 'reblog')).filter((n) => n.post_id === p.id);
    expect(await reblogsOfP()).toEqual([]);
    const blog = await t.db.selectFrom('blogs').select('queue_next_at').where('name', '=', blogOf(erin)).executeTakeFirstOrThrow();
    expect(await publishDue(t.db, blog.queue_next_at!)).toContain(res.post_id);
    expect(await reblogsOfP()).toEqual([expect.objectContaining({ from: blogOf(erin), new_post_id: res.post_id })]);
    // queue true (JSON) queues too; false publishes. The count is the post's notes after each:
    // the reblog the queue published, then the one published at once.
    expect(expectOk<FastReblogResponse>(await fastReblog(t, erin, p, { queue: true }))).toMatchObject({ state: 'queued', note_count: 1 });
    expect(expectOk<FastReblogResponse>(await fastReblog(t, erin, p, { queue: 'false' }))).toMatchObject({ state: 'published', note_count: 2 });
  });

  it('reblogs the viewer’s own post without telling anyone', async () => {
    const p = await createPost(t.app, ann, textPost('Self reblog'));
    const before = await socialRows(t.db);
    expect(expectOk<FastReblogResponse>(await fastReblog(t, ann, p)).post_tumblelog.name_or_id).toBe(blogOf(ann));
    const after = await socialRows(t.db);
    expect(after.posts).toBe(before.posts + 1);
    expect(after.notifications).toBe(before.notifications);
  });

  it('reblogs the viewer’s own post through the post form too, with a comment and the trail (issue 24.9)', async () => {
    const p = await createPost(t.app, ann, textPost('Worth saying twice'));
    const before = await socialRows(t.db);
    const saved = expectOk<SaveResponse>(await savePost(t.app, ann, { reblog_post_id: p.id, reblog_key: p.reblog_key, 'post[two]': '<p>Still true</p>' }));
    expect(saved.post.is_reblog).toBe(true);
    const reblog = saved.created_post;
    expect(reblog).toMatchObject({ is_mine: true, state_name: 'published', blog: { name: blogOf(ann) } });
    // The root, then the reblog's own comment: both Ann's.
    expect(reblog.trail.map((step) => [step.post_id, step.blog.name, step.is_root])).toEqual([[p.id, blogOf(ann), true], [reblog.id, blogOf(ann), false]]);
    const after = await socialRows(t.db);
    expect(after.posts).toBe(before.posts + 1);
    expect(after.notifications).toBe(before.notifications);
    // Its own wrong key is still refused, and nothing is stored.
    expectError(await savePost(t.app, ann, { reblog_post_id: p.id, reblog_key: 'wrong', 'post[two]': '<p>x</p>' }), 404);
    expect((await socialRows(t.db)).posts).toBe(after.posts);
  });

  it('refuses reblogs turned off (403), hidden posts and wrong keys (404), blocks (403), bad input (400) and logged out (401), changing nothing', async () => {
    const closed = await createPost(t.app, ann, { ...textPost('No reblogs'), can_be_reblogged: '0' });
    const before = await socialRows(t.db);
    const off = expectError(await fastReblog(t, bob, closed), 403, 'This post cannot be reblogged: its author turned reblogs off.');
    expect(off.errors![0]!.code).toBe(4006);
    for (const hidden of hiddenFromBob()) expectError(await fastReblog(t, bob, hidden), 404);
    expectError(await fastReblog(t, ann, annDraft), 403, 'Only published posts that are not private can be reblogged.');
    expectError(await fastReblog(t, bob, { ...annPost, reblog_key: 'wrong' }), 404);
    expect(expectError(await fastReblog(t, carol, annPost), 403).errors![0]!.code).toBe(4005);
    expectError(await post(t.app, '/fast_reblog', { reblog_post_id: annPost.id }, asOwner(bob)), 400, "reblog_key is missing: send the post's reblog_key with it.");
    expectError(await post(t.app, '/fast_reblog', { reblog_key: annPost.reblog_key }, asOwner(bob)), 400, 'Say which post: reblog_post_id is missing.');
    expectError(await fastReblog(t, bob, annPost, { queue: 'maybe' }), 400);
    expectError(await post(t.app, '/fast_reblog', { reblog_key: annPost.reblog_key, reblog_post_id: annPost.id }), 401, 'You need to log in to do that.');
    expect(await socialRows(t.db)).toEqual(before);
  });
});

describe('reblogs saved through POST /svc/post/update', () => {
  it('tell the parent when published, and a draft only once it is published', async () => {
    const p = await createPost(t.app, ann, textPost('Reblog me with words'));
    const erin = await register(t.app);
    const reblogsOfP = async () => (await notificationsOf(t.db, blogOf(ann), 'reblog')).filter((n) => n.post_id === p.id);
    const draft = await createPost(t.app, erin, { reblog_post_id: p.id, reblog_key: p.reblog_key, 'post[two]': '<p>Later</p>', 'post[state]': '1' });
    expect(await reblogsOfP()).toEqual([]);
    expectOk(await post(t.app, '/publish', { id: draft.id }, asOwner(erin)));
    const published = await createPost(t.app, erin, { reblog_post_id: p.id, reblog_key: p.reblog_key, 'post[two]': '<p>Now</p>' });
    expect((await reblogsOfP()).map((n) => n.new_post_id)).toEqual([draft.id, published.id]);
    // A private reblog tells nobody.
    await createPost(t.app, erin, { reblog_post_id: p.id, reblog_key: p.reblog_key, 'post[state]': 'private' });
    expect(await reblogsOfP()).toHaveLength(2);
  });

  it('are refused across a block', async () => {
    const before = await socialRows(t.db);
    const res = await post(t.app, '/svc/post/update', { channel_id: blogOf(carol), reblog_post_id: annPost.id, reblog_key: annPost.reblog_key }, asOwner(carol));
    expect(expectError(res, 403).errors![0]!.code).toBe(4005);
    expect(await socialRows(t.db)).toEqual(before);
  });
});

describe('POST /svc/reply', () => {
  it('replies as the current blog; tells the author, and the blogs mentioned that may hear of it', async () => {
    const p = await createPost(t.app, ann, textPost('Reply to me'));
    const [dave, erin] = [await register(t.app), await register(t.app)];
    // Erin's blog blocked Bob's: Bob's mention of Erin does not reach her.
    await block(t.db, erin, bob);
    const text = `Nice one @${blogOf(dave)}, @${blogOf(erin)}, @${blogOf(ann)}, @${blogOf(bob)} and @nobody-by-this-name (mail me at x@${blogOf(dave)}.com)`;
    const res = expectOk<ReplyResponse>(await reply(t, bob, p, `  ${text}  `, { source: 'dashboard' }));
    expect(res).toEqual({
      note: {
        type: 'reply',
        timestamp: expect.any(Number),
        blog: expect.objectContaining({ name: blogOf(bob) }),
        reply_id: expect.stringMatching(/^\d+$/),
        reply_text: text,
        // Issue 24.8: every existing blog named links (a block stops the telling, not the link).
        mentions: [blogOf(dave), blogOf(erin), blogOf(ann), blogOf(bob)],
        photo: null,
      },
      note_count: 1,
    });
    expect(Math.abs(res.note.timestamp - Date.now() / 1000)).toBeLessThan(600);
    const stored = await t.db.selectFrom('replies').selectAll().where('post_id', '=', p.id).execute();
    expect(stored).toEqual([expect.objectContaining({ id: res.note.reply_id, text, blog_id: await blogId(t.db, blogOf(bob)) })]);
    expect(await notificationsOf(t.db, blogOf(ann), 'reply')).toEqual([
      expect.objectContaining({ from: blogOf(bob), post_id: p.id, note_meta: { reply_text: text } }),
    ]);
    expect(await notificationsOf(t.db, blogOf(dave))).toEqual([
      expect.objectContaining({ type: 'note_mention', from: blogOf(bob), post_id: p.id, note_meta: { reply_text: text } }),
    ]);
    expect(await notificationsOf(t.db, blogOf(erin))).toEqual([]);
    expect(await notificationsOf(t.db, blogOf(bob), 'note_mention')).toEqual([]);
    expect(await notificationsOf(t.db, blogOf(ann), 'note_mention')).toEqual([]);
  });

  it('takes 500 characters as a person counts them, and refuses empty or longer text with a clear message', async () => {
    const p = await createPost(t.app, ann, textPost('Long replies'));
    expectOk(await reply(t, bob, p, '🌵'.repeat(500)));
    const before = await socialRows(t.db);
    expectError(await reply(t, bob, p, '   '), 400, 'Write something to reply.');
    expectError(await reply(t, bob, p, ''), 400, 'Write something to reply.');
    expectError(await reply(t, bob, p, 'x'.repeat(501)), 400, 'Replies can be at most 500 characters long.');
    expectError(await reply(t, bob, p, 42), 400);
    expectError(await post(t.app, '/svc/reply', { post_id: p.id, tumblelog_key: p.reblog_key }, asOwner(bob)), 400, 'reply_text is missing: write the reply, or add a photo.');
    expectError(await post(t.app, '/svc/reply', { reply_text: 'hi', post_id: p.id }, asOwner(bob)), 400);
    expect(await socialRows(t.db)).toEqual(before);
  });

  it('answers 404 for hidden posts and wrong keys or blogs, 403 where replies are closed or a block stands, 401 logged out', async () => {
    const before = await socialRows(t.db);
    for (const hidden of hiddenFromBob()) expectError(await reply(t, bob, hidden, 'hi'), 404);
    expectError(await reply(t, bob, annPost, 'hi', { tumblelog_key: 'nope' }), 404);
    expectError(await reply(t, bob, annPost, 'hi', { tumblelog: blogOf(bob) }), 404);
    expectError(await reply(t, ann, annPrivate, 'hi'), 403, 'Replies are open only on published posts that are not private.');
    expectError(await reply(t, ann, annDraft, 'hi'), 403);
    expect(expectError(await reply(t, carol, annPost, 'hi'), 403).errors![0]!.code).toBe(4005);
    expectError(await post(t.app, '/svc/reply', { reply_text: 'hi', post_id: annPost.id, tumblelog_key: annPost.reblog_key }), 401, 'You need to log in to do that.');
    expect(await socialRows(t.db)).toEqual(before);
  });

  it('lets the owner reply to their own post, telling nobody', async () => {
    const p = await createPost(t.app, ann, textPost('My own thread'));
    const before = await socialRows(t.db);
    expect(expectOk<ReplyResponse>(await reply(t, ann, p, 'Thanks all')).note_count).toBe(1);
    expect((await socialRows(t.db)).notifications).toBe(before.notifications);
  });
});

describe('POST /svc/promote and /svc/unpromote', () => {
  const promote = (s: Session, p: PostView, extra: Record<string, unknown> = {}) =>
    post(t.app, '/svc/promote', { post_id: p.id, reblog_key: p.reblog_key, tumblelog_name: p.blog.name, tag: 'art', ...extra }, asOwner(s));
  const unpromote = (s: Session, p: PostView) => post(t.app, '/svc/unpromote', { post_id: p.id, tag_id: '7' }, asOwner(s));
  const promotedAt = async (p: PostView) =>
    (await t.db.selectFrom('posts').select('promoted_at').where('id', '=', p.id).executeTakeFirstOrThrow()).promoted_at;
  const shown = async (p: PostView) => {
    const res = await post(t.app, '/svc/post/fetch', { post_id: p.id }, asOwner(ann));
    return expectOk<{ post: PostView }>(res).post.is_promoted;
  };

  it('promotes the owner’s published post, keeping the first time; unpromote ends it, twice is fine', async () => {
    const p = await createPost(t.app, ann, textPost('Promote me'));
    expect(expectOk<PromoteResponse>(await promote(ann, p))).toMatchObject({ is_promoted: true });
    const first = await promotedAt(p);
    expect(first).toBeInstanceOf(Date);
    expect(expectOk<PromoteResponse>(await promote(ann, p))).toMatchObject({ is_promoted: true });
    expect(await promotedAt(p)).toEqual(first);
    expect(await shown(p)).toBe(true);
    expect(expectOk<PromoteResponse>(await unpromote(ann, p))).toMatchObject({ is_promoted: false });
    expect(expectOk<PromoteResponse>(await unpromote(ann, p))).toMatchObject({ is_promoted: false });
    expect(await promotedAt(p)).toBeNull();
    expect(await shown(p)).toBe(false);
  });

  it('answers 403 for others’ published posts, 404 for hidden ones and wrong keys, 403 for unpublished own posts, 400 for bad input, 401 logged out', async () => {
    const before = await socialRows(t.db);
    expect(expectError(await promote(bob, annPost), 403).errors![0]!.code).toBe(4003);
    expectError(await unpromote(bob, annPost), 403);
    expectError(await promote(carol, annPost), 403);
    for (const hidden of hiddenFromBob()) {
      expectError(await promote(bob, hidden), 404);
      expectError(await unpromote(bob, hidden), 404);
    }
    expectError(await promote(ann, annPost, { reblog_key: 'nope' }), 404);
    expectError(await promote(ann, annPost, { tumblelog_name: blogOf(bob) }), 404);
    expect(expectError(await promote(ann, annDraft), 403, 'Only published posts that are not private can be promoted.').errors![0]!.code).toBe(4006);
    expectError(await promote(ann, annPrivate), 403);
    expectError(await post(t.app, '/svc/promote', {}, asOwner(ann)), 400, 'Say which post: post_id is missing.');
    expectError(await post(t.app, '/svc/unpromote', { post_id: 'x' }, asOwner(ann)), 400);
    expectError(await post(t.app, '/svc/promote', { post_id: annPost.id }), 401, 'You need to log in to do that.');
    expect(await socialRows(t.db)).toEqual(before);
  });
});
