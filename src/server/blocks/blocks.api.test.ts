import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlockAnswer, BlockedPage } from '../../shared/moderation';
import type { PostPage } from '../../shared/posts/types';
import type { GifSearchResult } from '../../shared/search/gif';
import { uploadedGifUrl } from '../media/test-files';
import { publishDue } from '../posts/queue';
import { asOwner, blogOf, createPost, textPost } from '../test/posts';
import { createTestApp, expectError, expectOk, get, post, register, type Session, type TestApp } from '../test/test-app';
import { BLOCKS_PAGE } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const block = (s: Session, fields: Record<string, unknown>) => post(t.app, '/svc/block/add', fields, asOwner(s));
const unblock = (s: Session, tumblelog: string, blocked: string) =>
  post(t.app, '/svc/block/remove', { tumblelog, blocked_tumblelog: blocked }, asOwner(s));
const follow = (s: Session, tumblelog: string) => post(t.app, '/svc/follow', { tumblelog }, asOwner(s));
const blogId = async (name: string) =>
  (await t.db.selectFrom('blogs').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const userId = async (s: Session) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', s.body.response.user.email).executeTakeFirstOrThrow()).id;
const blocks = async () => t.db.selectFrom('blocks').selectAll().execute();
const follows = async (s: Session) =>
  (await t.db.selectFrom('follows').innerJoin('blogs', 'blogs.id', 'follows.blog_id').select('blogs.name').where('follows.user_id', '=', await userId(s)).execute()).map((r) => r.name);
const dashboard = async (s: Session) => expectOk<PostPage>(await get(t.app, '/svc/post/dashboard/before/0', asOwner(s))).posts.map((p) => p.id);
const addBlog = async (s: Session, name: string) =>
  expectOk<{ blog: { name: string } }>(await post(t.app, '/svc/blog/create', { name }, asOwner(s))).blog.name;
const notifications = async (name: string) =>
  t.db
    .selectFrom('notifications')
    .innerJoin('blogs as b', 'b.id', 'notifications.blog_id')
    .leftJoin('blogs as f', 'f.id', 'notifications.from_blog_id')
    .select(['notifications.type', 'f.name as from', 'notifications.post_id', 'notifications.new_post_id'])
    .where('b.name', '=', name)
    .orderBy('notifications.id')
    .execute();

describe('POST /svc/block/add', () => {
  let ann: Session;
  let bob: Session;
  beforeAll(async () => {
    ann = await register(t.app);
    bob = await register(t.app);
  });

  it('blocks a blog by name and ends the follows between the two owners, with their subscriptions', async () => {
    const carl = await register(t.app);
    const dora = await register(t.app);
    expectOk(await follow(carl, blogOf(dora)));
    expectOk(await follow(dora, blogOf(carl)));
    expectOk(await post(t.app, `/svc/blog/${blogOf(carl)}/subscription`, {}, asOwner(dora)));
    const answer = expectOk<BlockAnswer>(await block(carl, { tumblelog: blogOf(carl), blocked_tumblelog: blogOf(dora), block_context: 'blog_card' }));
    expect(answer).toEqual({ is_blocked: true, tumblelog: blogOf(carl), blocked_tumblelog: blogOf(dora) });
    const carlId = await blogId(blogOf(carl));
    const row = (await blocks()).find((b) => b.blocker_blog_id === carlId);
    expect(row).toMatchObject({ blocked_blog_id: await blogId(blogOf(dora)), context: 'blog_card' });
    expect(await follows(carl)).toEqual([]);
    expect(await follows(dora)).toEqual([]);
    const subscriptions = await t.db.selectFrom('subscriptions').selectAll().where('user_id', '=', await userId(dora)).execute();
    expect(subscriptions).toEqual([]);
  });

  it('is one block however often it is asked, keeping the first context', async () => {
    const before = (await blocks()).length;
    expectOk(await block(ann, { tumblelog: blogOf(ann), blocked_tumblelog: blogOf(bob), block_context: 'first' }));
    expectOk(await block(ann, { tumblelog: blogOf(ann), blocked_tumblelog: blogOf(bob), block_context: 'second' }));
    const mine = (await blocks()).filter((b) => b.context === 'first' || b.context === 'second');
    expect(mine.map((b) => b.context)).toEqual(['first']);
    expect((await blocks()).length).toBe(before + 1);
    expectOk(await unblock(ann, blogOf(ann), blogOf(bob)));
  });

  it('finds the blog to block through one of its posts', async () => {
    const eve = await register(t.app);
    const fay = await register(t.app);
    const fayPost = await createPost(t.app, fay, textPost('Hello'));
    const answer = expectOk<BlockAnswer>(await block(eve, { tumblelog: blogOf(eve), blocked_post: fayPost.id }));
    expect(answer.blocked_tumblelog).toBe(blogOf(fay));
    // Both fields may come together when they agree; a post of another blog is refused.
    expectOk(await block(eve, { tumblelog: blogOf(eve), blocked_tumblelog: blogOf(fay), blocked_post: fayPost.id }));
    const body = expectError(await block(eve, { tumblelog: blogOf(eve), blocked_tumblelog: blogOf(ann), blocked_post: fayPost.id }), 400);
    expect(body.errors![0]!.field).toBe('blocked_post');
  });

  it('answers 403 when the blocking blog is someone else’s, changing nothing', async () => {
    const before = await blocks();
    expectError(
      await block(bob, { tumblelog: blogOf(ann), blocked_tumblelog: blogOf(bob) }),
      403,
      `You can only manage blocks of your own blogs, and "${blogOf(ann)}" is not one of them.`,
    );
    expect(await blocks()).toEqual(before);
  });

  it('refuses to block one of the viewer’s own blogs', async () => {
    const second = await addBlog(ann, `${blogOf(ann)}-two`);
    expectError(await block(ann, { tumblelog: blogOf(ann), blocked_tumblelog: blogOf(ann) }), 400, 'You cannot block your own blog.');
    expectError(await block(ann, { tumblelog: blogOf(ann), blocked_tumblelog: second }), 400, 'You cannot block your own blog.');
    const ownPost = await createPost(t.app, ann, { ...textPost('mine'), channel_id: second });
    expectError(await block(ann, { tumblelog: blogOf(ann), blocked_post: ownPost.id }), 400, 'You cannot block your own blog.');
  });

  it('answers 404 for unknown blogs and posts, and for posts the viewer cannot see', async () => {
    const before = await blocks();
    expectError(await block(ann, { tumblelog: 'no-such-blog-x', blocked_tumblelog: blogOf(bob) }), 404);
    const body = expectError(await block(ann, { tumblelog: blogOf(ann), blocked_tumblelog: 'no-such-blog-y' }), 404, 'There is no blog named "no-such-blog-y".');
    expect(body.errors![0]!.field).toBe('blocked_tumblelog');
    expectError(await block(ann, { tumblelog: blogOf(ann), blocked_post: '123456789' }), 404);
    const draft = await createPost(t.app, bob, { ...textPost('draft'), 'post[state]': '1' });
    expectError(await block(ann, { tumblelog: blogOf(ann), blocked_post: draft.id }), 404);
    expect(await blocks()).toEqual(before);
  });

  it('answers 400 for missing or bad fields, 401 logged out and 403 without the form key', async () => {
    expectError(await block(ann, { tumblelog: blogOf(ann) }), 400, 'Say which blog to block: blocked_tumblelog or blocked_post is missing.');
    expectError(await block(ann, { blocked_tumblelog: blogOf(bob) }), 400, 'Say which blog: tumblelog is missing.');
    expectError(await block(ann, { tumblelog: blogOf(ann), blocked_post: 'abc' }), 400, 'blocked_post must be a post id (digits only).');
    expectError(await post(t.app, '/svc/block/add', { tumblelog: blogOf(ann), blocked_tumblelog: blogOf(bob) }), 401, 'You need to log in to do that.');
    expectError(await post(t.app, '/svc/block/add', { tumblelog: blogOf(ann), blocked_tumblelog: blogOf(bob) }, { cookie: ann.cookie }), 403);
  });
});

describe('POST /svc/block/remove', () => {
  it('removes the block; removing it again answers the same', async () => {
    const ann = await register(t.app);
    const bob = await register(t.app);
    expectOk(await block(ann, { tumblelog: blogOf(ann), blocked_tumblelog: blogOf(bob) }));
    expectError(await follow(bob, blogOf(ann)), 403);
    const answer = expectOk<BlockAnswer>(await unblock(ann, blogOf(ann), blogOf(bob)));
    expect(answer).toEqual({ is_blocked: false, tumblelog: blogOf(ann), blocked_tumblelog: blogOf(bob) });
    expect(expectOk<BlockAnswer>(await unblock(ann, blogOf(ann), blogOf(bob))).is_blocked).toBe(false);
    // The follows that ended stay ended; following again works.
    expectOk(await follow(bob, blogOf(ann)));
  });

  it('answers 403 for someone else’s blog, 404 for an unknown one, 400 without the blocked blog', async () => {
    const ann = await register(t.app);
    const bob = await register(t.app);
    expectOk(await block(ann, { tumblelog: blogOf(ann), blocked_tumblelog: blogOf(bob) }));
    expectError(await unblock(bob, blogOf(ann), blogOf(bob)), 403);
    expectError(await unblock(ann, blogOf(ann), 'no-such-blog-z'), 404);
    expectError(await post(t.app, '/svc/block/remove', { tumblelog: blogOf(ann) }, asOwner(ann)), 400);
    expectError(await follow(bob, blogOf(ann)), 403);
  });
});

describe('GET /svc/block/list', () => {
  it('lists the blogs a blog blocked, newest first, a page at a time', async () => {
    const ann = await register(t.app);
    const bob = await register(t.app);
    // Blogs made straight in the database: the page size is more than one account's blog limit.
    const bobId = await userId(bob);
    const names = Array.from({ length: BLOCKS_PAGE + 1 }, (_, i) => `${blogOf(bob)}-b${i}`);
    await t.db.insertInto('blogs').values(names.map((name) => ({ user_id: bobId, name, title: name }))).execute();
    for (const name of names) expectOk(await block(ann, { tumblelog: blogOf(ann), blocked_tumblelog: name }));
    const first = expectOk<BlockedPage>(await get(t.app, `/svc/block/list?tumblelog=${blogOf(ann)}`, asOwner(ann)));
    expect(first.blogs).toHaveLength(BLOCKS_PAGE);
    expect(first.next).toEqual(expect.any(String));
    expect(first.blogs[0]).toMatchObject({ name: names.at(-1), url: `http://localhost:3000/blog/${names.at(-1)}` });
    expect(Date.parse(first.blogs[0]!.blocked_at)).not.toBeNaN();
    const second = expectOk<BlockedPage>(await get(t.app, `/svc/block/list?tumblelog=${blogOf(ann)}&before=${first.next}`, asOwner(ann)));
    expect(second).toMatchObject({ next: null });
    expect([...first.blogs, ...second.blogs].map((b) => b.name)).toEqual([...names].reverse());
  });

  it('answers 401 logged out, 403 for someone else’s blog, 400 for a bad cursor', async () => {
    const ann = await register(t.app);
    const bob = await register(t.app);
    expectError(await get(t.app, `/svc/block/list?tumblelog=${blogOf(ann)}`), 401);
    expectError(await get(t.app, `/svc/block/list?tumblelog=${blogOf(ann)}`, asOwner(bob)), 403);
    expectError(await get(t.app, `/svc/block/list?tumblelog=${blogOf(ann)}&before=soon`, asOwner(ann)), 400);
    expect(expectOk<BlockedPage>(await get(t.app, `/svc/block/list?tumblelog=${blogOf(ann)}`, asOwner(ann)))).toEqual({ blogs: [], next: null });
  });
});

describe('a block, enforced', () => {
  let blocker: Session;
  let blocked: Session;
  let blockedOther: string;
  let friend: Session;
  beforeAll(async () => {
    blocker = await register(t.app);
    blocked = await register(t.app);
    friend = await register(t.app);
    blockedOther = await addBlog(blocked, `${blogOf(blocked)}-alt`);
    expectOk(await block(blocker, { tumblelog: blogOf(blocker), blocked_tumblelog: blogOf(blocked) }));
  });

  it('refuses a follow either way, from any blog of the blocked owner', async () => {
    const message = 'You cannot do that: one of these blogs has blocked the other.';
    expectError(await follow(blocked, blogOf(blocker)), 403, message);
    expectError(await follow(blocker, blogOf(blocked)), 403, message);
    // The block binds the owner of the blocked blog, whichever blog they use now.
    expectOk(await post(t.app, '/svc/blog/select', { tumblelog: blockedOther }, asOwner(blocked)));
    expectError(await follow(blocked, blogOf(blocker)), 403, message);
    expect(await follows(blocked)).toEqual([]);
    // Others are not touched.
    expectOk(await follow(friend, blogOf(blocker)));
    expectOk(await follow(friend, blogOf(blocked)));
  });

  it('keeps each one’s posts off the other’s dashboard, even through a follow made before the rule', async () => {
    const fromBlocker = await createPost(t.app, blocker, textPost('From the blocker'));
    const fromBlocked = await createPost(t.app, blocked, textPost('From the blocked'));
    // Follows written straight to the table, as if they were older than the block.
    await t.db.insertInto('follows').values([
      { user_id: await userId(blocked), blog_id: await blogId(blogOf(blocker)) },
      { user_id: await userId(blocker), blog_id: await blogId(blogOf(blocked)) },
    ]).execute();
    expect(await dashboard(blocked)).not.toContain(fromBlocker.id);
    expect(await dashboard(blocker)).not.toContain(fromBlocked.id);
    // Their own posts, and a third person's view of both, stay.
    expect(await dashboard(blocker)).toContain(fromBlocker.id);
    expect(await dashboard(friend)).toEqual(expect.arrayContaining([fromBlocker.id, fromBlocked.id]));
    await t.db.deleteFrom('follows').where('user_id', 'in', [await userId(blocked), await userId(blocker)]).execute();
  });

  it('keeps a third blog’s reblogs of either one’s posts off the other’s dashboard, and their steps out of other reblogs', async () => {
    const friendsId = await blogId(blogOf(friend));
    await t.db.insertInto('follows').values([
      { user_id: await userId(blocker), blog_id: friendsId },
      { user_id: await userId(blocked), blog_id: friendsId },
    ]).execute();
    const reblog = (s: Session, of: { id: string; reblog_key: string }, comment: string) =>
      createPost(t.app, s, { reblog_post_id: of.id, reblog_key: of.reblog_key, 'post[two]': `<p>${comment}</p>` });
    const fromBlocked = await createPost(t.app, blocked, textPost('Blocked writes'));
    const fromBlocker = await createPost(t.app, blocker, textPost('Blocker writes'));
    const friendOfBlocked = await reblog(friend, fromBlocked, 'Friend passes it on');
    const friendOfBlocker = await reblog(friend, fromBlocker, 'Friend passes this one on too');
    // A chain through the blocked blog: the friend's post, reblogged by the blocked blog with a
    // comment, reblogged again by the friend.
    const friendsOwn = await createPost(t.app, friend, textPost('Friend writes'));
    const blockedStep = await reblog(blocked, friendsOwn, 'Blocked adds a word');
    const backAgain = await reblog(friend, blockedStep, 'Friend again');

    const page = async (s: Session) => expectOk<PostPage>(await get(t.app, '/svc/post/dashboard/before/0', asOwner(s))).posts;
    const blockersPage = await page(blocker);
    expect(blockersPage.map((p) => p.id)).not.toContain(friendOfBlocked.id);
    expect(blockersPage.map((p) => p.id)).toContain(friendOfBlocker.id);
    const chain = blockersPage.find((p) => p.id === backAgain.id)!;
    expect(chain.trail.map((item) => item.blog.name)).toEqual([blogOf(friend), blogOf(friend)]);
    const blockedsPage = (await page(blocked)).map((p) => p.id);
    expect(blockedsPage).not.toContain(friendOfBlocker.id);
    // Their own reblog stays whole for the blocked owner, who can still edit or delete it.
    expect(blockedsPage).toEqual(expect.arrayContaining([friendOfBlocked.id, blockedStep.id]));
    // Someone else sees everything.
    const friendsPage = await page(friend);
    expect(friendsPage.map((p) => p.id)).toEqual(expect.arrayContaining([friendOfBlocked.id, friendOfBlocker.id]));
    expect(friendsPage.find((p) => p.id === backAgain.id)!.trail.map((item) => item.blog.name)).toEqual([blogOf(friend), blogOf(blocked), blogOf(friend)]);
  });

  it('closes each one’s blog page to the other while it stays open to everyone else', async () => {
    const blogPosts = (name: string, s?: Session) => get(t.app, `/svc/post/blog/${name}/before/0`, s ? asOwner(s) : {});
    const message = "You can't see this blog's posts: there is a block between it and one of your blogs. A block you made can be undone under Blocked blogs in your settings.";
    expectError(await blogPosts(blogOf(blocker), blocked), 403, message);
    expectError(await blogPosts(blogOf(blocked), blocker), 403, message);
    expect(expectOk<PostPage>(await blogPosts(blogOf(blocker), friend)).posts.length).toBeGreaterThan(0);
    expect(expectOk<PostPage>(await blogPosts(blogOf(blocker))).posts.length).toBeGreaterThan(0);
    expect(expectOk<PostPage>(await blogPosts(blogOf(blocker), blocker)).posts.length).toBeGreaterThan(0);
    // The blog's data says so, for the page to leave out Follow; the same for its card.
    const data = async (name: string, s?: Session) =>
      expectOk<{ is_blocked?: boolean }>(await get(t.app, `/svc/data/tumblelog?tumblelog=${name}`, s ? asOwner(s) : {})).is_blocked;
    const card = async (name: string, s: Session) =>
      expectOk<{ is_blocked: boolean }>(await get(t.app, `/svc/tumblelog_popover/${name}`, asOwner(s))).is_blocked;
    expect(await data(blogOf(blocker), blocked)).toBe(true);
    expect(await data(blogOf(blocked), blocker)).toBe(true);
    expect(await card(blogOf(blocker), blocked)).toBe(true);
    expect(await data(blogOf(blocker), friend)).toBe(false);
    expect(await data(blogOf(blocker))).toBe(false);
  });

  it('leaves each one’s GIFs out of the other’s search', async () => {
    const gif = async (as: Session) => ({ 'post[type]': 'photo', 'images[o1]': await uploadedGifUrl(t.app, asOwner(as)), 'post[tags]': 'blockedgif' });
    const blockerGif = await createPost(t.app, blocker, await gif(blocker));
    const blockedGif = await createPost(t.app, blocked, await gif(blocked));
    const search = async (s: Session) =>
      expectOk<GifSearchResult>(await post(t.app, '/svc/search/inline_gif', { q: 'blockedgif' }, asOwner(s))).media.map((m) => m.postId);
    expect(await search(blocked)).toEqual([blockedGif.id]);
    expect(await search(blocker)).toEqual([blockerGif.id]);
    expect((await search(friend)).sort()).toEqual([blockerGif.id, blockedGif.id].sort());
  });
});

describe('notifications: follower, new_post, user_mention', () => {
  it('tells a blog of a new follower once, from the follower’s current blog', async () => {
    const ann = await register(t.app);
    const bob = await register(t.app);
    const bobAlt = await addBlog(bob, `${blogOf(bob)}-cur`);
    expectOk(await follow(bob, blogOf(ann)));
    expectOk(await follow(bob, blogOf(ann)));
    expect(await notifications(blogOf(ann))).toEqual([{ type: 'follower', from: bobAlt, post_id: null, new_post_id: null }]);
  });

  it('tells subscribers (not mere followers) of a published post, on their primary blog', async () => {
    const writer = await register(t.app);
    const subscriber = await register(t.app);
    const follower = await register(t.app);
    await addBlog(subscriber, `${blogOf(subscriber)}-side`);
    expectOk(await follow(subscriber, blogOf(writer)));
    expectOk(await follow(follower, blogOf(writer)));
    expectOk(await post(t.app, `/svc/blog/${blogOf(writer)}/subscription`, {}, asOwner(subscriber)));
    const published = await createPost(t.app, writer, textPost('News'));
    await createPost(t.app, writer, { ...textPost('Draft'), 'post[state]': '1' });
    await createPost(t.app, writer, { ...textPost('Private'), 'post[state]': 'private' });
    expect(await notifications(blogOf(subscriber))).toEqual([{ type: 'new_post', from: blogOf(writer), post_id: null, new_post_id: published.id }]);
    expect((await notifications(blogOf(follower))).filter((n) => n.type === 'new_post')).toEqual([]);

    // A draft published later tells them then; so does the queue.
    const draft = await createPost(t.app, writer, { ...textPost('Later'), 'post[state]': '1' });
    expectOk(await post(t.app, '/publish', { id: draft.id }, asOwner(writer)));
    const queued = await createPost(t.app, writer, { ...textPost('Queued'), 'post[state]': '2' });
    await publishDue(t.db, new Date(Date.now() + 3 * 86_400_000));
    const newPosts = (await notifications(blogOf(subscriber))).map((n) => n.new_post_id);
    expect(newPosts).toEqual([published.id, draft.id, queued.id]);
  });

  it('tells a mentioned blog, but not across a block nor the author’s own blogs', async () => {
    const author = await register(t.app);
    const named = await register(t.app);
    const blocking = await register(t.app);
    const ownOther = await addBlog(author, `${blogOf(author)}-me`);
    expectOk(await block(blocking, { tumblelog: blogOf(blocking), blocked_tumblelog: blogOf(author) }));
    const mention = await createPost(t.app, author, {
      ...textPost('Shout-out', `<p>Thanks @${blogOf(named)} and @${blogOf(blocking)} and @${ownOther} and @no-such-blog-m</p>`),
      channel_id: blogOf(author),
    });
    expect(await notifications(blogOf(named))).toEqual([{ type: 'user_mention', from: blogOf(author), post_id: mention.id, new_post_id: null }]);
    expect(await notifications(blogOf(blocking))).toEqual([]);
    expect(await notifications(ownOther)).toEqual([]);
    // A scheduled post mentions when it goes out, not when it is saved.
    const scheduled = await createPost(t.app, author, {
      ...textPost(`Hi @${blogOf(named)}`, '<p>later</p>'),
      channel_id: blogOf(author),
      'post[state]': 'on.2',
      'post[publish_on]': new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(await notifications(blogOf(named))).toHaveLength(1);
    await publishDue(t.db, new Date(Date.now() + 2 * 3_600_000));
    expect((await notifications(blogOf(named))).map((n) => n.post_id)).toEqual([mention.id, scheduled.id]);
  });
});
