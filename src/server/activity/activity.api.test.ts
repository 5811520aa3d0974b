import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityNotification, ActivityPage, ActivitySeenResponse, TumblelogOwnerData } from '../../shared/activity/types';
import type { PostView } from '../../shared/posts/types';
import type { NoteMeta, NotificationType } from '../db/tables/notification';
import { asOwner, blogOf, createPost, savePost, textPost } from '../test/posts';
import { avatarUrlOf, createTestApp, expectError, expectOk, get, post, register, userInfo, type Session, type TestApp } from '../test/test-app';
import { notify } from './notify';
import { idAt } from './queries';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const blogId = async (name: string) => (await t.db.selectFrom('blogs').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

// Rows written here carry their time in their id, as next_id() does, so order and dates agree.
let clock = Date.now() - 2 * HOUR;
let sequence = 0;
interface Row {
  type: NotificationType;
  from?: string | null;
  post?: string;
  newPost?: string;
  meta?: NoteMeta;
  at?: Date;
}
async function add(to: string, rows: Row[]): Promise<string[]> {
  const target = await blogId(to);
  const ids: string[] = [];
  for (const row of rows) {
    const at = row.at ?? new Date((clock += 1000));
    const id = (BigInt(idAt(at)) | BigInt(sequence++ % 65536)).toString();
    await t.db
      .insertInto('notifications')
      .values({
        id,
        blog_id: target,
        type: row.type,
        from_blog_id: row.from ? await blogId(row.from) : null,
        post_id: row.post ?? null,
        new_post_id: row.newPost ?? null,
        note_meta: JSON.stringify(row.meta ?? {}),
        created_at: at,
      })
      .execute();
    ids.push(id);
  }
  return ids;
}

const activity = (s: Session | null, name: string, before?: string) =>
  get(t.app, `/svc/activity/${name}${before ? `?before=${before}` : ''}`, s ? asOwner(s) : {});
const page = async (s: Session, name: string, before?: string) => expectOk<ActivityPage>(await activity(s, name, before));
const seen = (s: Session, name: string, id: unknown) => post(t.app, `/svc/activity/${name}/seen`, { id }, asOwner(s));
const unreadOf = async (s: Session, name: string) => (await userInfo(t.app, asOwner(s))).channels.find((c) => c.name === name)?.activity_unread;
const tumblelog = async (name: string, query: string, s?: Session) =>
  expectOk<Record<string, unknown> & TumblelogOwnerData>(await get(t.app, `/svc/data/tumblelog?tumblelog=${name}&${query}`, s ? asOwner(s) : {}));
const ALL_FLAGS = 'include_member_data=1&include_activity_data=true&include_activity_notifications=on';

describe('GET /svc/activity/{blogName}', () => {
  let owner: Session;
  let other: Session;
  let fan: Session;
  let mine: PostView;
  beforeAll(async () => {
    [owner, other, fan] = [await register(t.app), await register(t.app), await register(t.app)];
    mine = await createPost(t.app, owner, textPost('Sunset over the bay'));
  });

  it('is for the owner only: 401 logged out, 403 for others, 404 for no such blog, 400 for a bad cursor', async () => {
    expectError(await activity(null, blogOf(owner)), 401);
    expectError(await activity(other, blogOf(owner)), 403, `Only the owner of ${blogOf(owner)} can see its activity.`);
    expectError(await activity(owner, 'no-such-blog-here'), 404);
    expectError(await activity(owner, blogOf(owner), 'yesterday'), 400);
    expect(await page(owner, blogOf(owner))).toEqual({ notifications: [], next: null });
  });

  it('answers the spec fields: message, from_tumblelog at size 96, post, new_post and note_meta', async () => {
    const reblog = await savePost(t.app, fan, { reblog_post_id: mine.id, reblog_key: mine.reblog_key, 'post[two]': '<p>So <b>pretty</b>!</p>' });
    const reblogId = expectOk<{ post: { id: string } }>(reblog).post.id;
    // Whatever the reblog itself told the owner, the rows below are what this test reads.
    await t.db.deleteFrom('notifications').where('blog_id', '=', await blogId(blogOf(owner))).execute();
    await add(blogOf(owner), [
      { type: 'like', from: blogOf(fan), post: mine.id },
      { type: 'reblog', from: blogOf(fan), post: mine.id, newPost: reblogId },
      { type: 'reply', from: blogOf(fan), post: mine.id, meta: { reply_text: 'Lovely colours' } },
      { type: 'ask', from: null },
      { type: 'follower', from: blogOf(other) },
    ]);
    const { notifications, next } = await page(owner, blogOf(owner));
    expect(next).toBeNull();
    expect(notifications.map((n) => n.type)).toEqual(['follower', 'ask', 'reply', 'reblog', 'like']);
    const [follower, ask, reply, reblogged, like] = notifications as [ActivityNotification, ActivityNotification, ActivityNotification, ActivityNotification, ActivityNotification];

    expect(like.message).toBe(`${blogOf(fan)} liked your post`);
    expect(like.timestamp).toBeGreaterThan(Date.now() / 1000 - 3 * 3600);
    expect(Number.isInteger(like.timestamp)).toBe(true);
    expect(like.from_tumblelog).toEqual({
      name: blogOf(fan),
      title: expect.any(String),
      avatar_url: avatarUrlOf(blogOf(fan), 96),
      url: `http://localhost:3000/blog/${blogOf(fan)}`,
      is_adult: false,
      is_own: false,
      following: false,
    });
    expect(like.post).toEqual({
      url: mine.post_url,
      tumblelog: blogOf(owner),
      id: mine.id,
      type: 'text',
      media_url: null,
      video_thumbnail_url: null,
      is_ask: false,
      is_answer: false,
      summary: 'Sunset over the bay',
    });
    expect(like.new_post).toBeUndefined();
    expect(reblogged.message).toBe(`${blogOf(fan)} reblogged your post`);
    expect(reblogged.new_post).toMatchObject({ id: reblogId, tumblelog: blogOf(fan), diff: 'So pretty!' });
    expect(reply.note_meta).toEqual({ reply_text: 'Lovely colours' });
    expect(ask.from_tumblelog).toBeUndefined();
    expect(ask.message).toBe('Anonymous sent you a question');
    expect(follower.message).toBe(`${blogOf(other)} started following you`);
    expect(follower.post).toBeUndefined();
    expect(notifications.every((n) => n.unread)).toBe(true);
  });

  it('marks blogs the owner follows, and their own other blogs', async () => {
    const second = `${blogOf(owner)}-b`;
    expectOk(await post(t.app, '/svc/blog/create', { name: second }, asOwner(owner)));
    expectOk(await post(t.app, '/svc/follow', { tumblelog: blogOf(fan) }, asOwner(owner)));
    // notify() drops activity between blogs of one user; a row written directly still shows as own.
    await add(blogOf(owner), [{ type: 'like', from: second, post: mine.id }]);
    const { notifications } = await page(owner, blogOf(owner));
    expect(notifications[0]!.from_tumblelog).toMatchObject({ name: second, is_own: true });
    expect(notifications.find((n) => n.type === 'like' && n.from_tumblelog?.name === blogOf(fan))!.from_tumblelog).toMatchObject({ following: true });
  });

  it('shows only the spec types and new_post', async () => {
    const before = (await page(owner, blogOf(owner))).notifications.length;
    await sql`insert into notifications (blog_id, type, from_blog_id) values (${await blogId(blogOf(owner))}, 'conversational_note', ${await blogId(blogOf(fan))})`.execute(t.db);
    await add(blogOf(owner), [{ type: 'new_post', from: blogOf(fan), newPost: mine.id }]);
    const { notifications } = await page(owner, blogOf(owner));
    expect(notifications).toHaveLength(before + 1);
    expect(notifications[0]).toMatchObject({ type: 'new_post', message: `${blogOf(fan)} published a new post` });
    expect(notifications.some((n) => (n.type as string) === 'conversational_note')).toBe(false);
  });

  it('leaves out blogs behind a block, either way, and suspended blogs', async () => {
    const blocker = await register(t.app);
    const blocked = await register(t.app);
    const suspended = await register(t.app);
    await add(blogOf(owner), [
      { type: 'follower', from: blogOf(blocker) },
      { type: 'follower', from: blogOf(blocked) },
      { type: 'follower', from: blogOf(suspended) },
    ]);
    const names = async () => (await page(owner, blogOf(owner))).notifications.map((n) => n.from_tumblelog?.name);
    const unreadBefore = await unreadOf(owner, blogOf(owner));
    expect(await names()).toEqual(expect.arrayContaining([blogOf(blocker), blogOf(blocked), blogOf(suspended)]));

    await t.db.insertInto('blocks').values({ blocker_blog_id: await blogId(blogOf(blocker)), blocked_blog_id: await blogId(blogOf(owner)) }).execute();
    await t.db.insertInto('blocks').values({ blocker_blog_id: await blogId(blogOf(owner)), blocked_blog_id: await blogId(blogOf(blocked)) }).execute();
    await t.db.updateTable('blogs').set({ is_suspended: true }).where('name', '=', blogOf(suspended)).execute();

    const shown = await names();
    expect(shown).not.toContain(blogOf(blocker));
    expect(shown).not.toContain(blogOf(blocked));
    expect(shown).not.toContain(blogOf(suspended));
    expect(await unreadOf(owner, blogOf(owner))).toBe(unreadBefore! - 3);
  });

  it('pages newest first, 20 a page, by id', async () => {
    const reader = await register(t.app);
    const fans = [await register(t.app), await register(t.app)];
    const rows: Row[] = Array.from({ length: 45 }, (_, i) => ({ type: 'follower' as const, from: blogOf(fans[i % 2]!) }));
    const ids = await add(blogOf(reader), rows);
    const seenIds: string[] = [];
    let before: string | undefined;
    const sizes: number[] = [];
    do {
      const p = await page(reader, blogOf(reader), before);
      sizes.push(p.notifications.length);
      seenIds.push(...p.notifications.map((n) => n.id));
      before = p.next ?? undefined;
    } while (before);
    expect(sizes).toEqual([20, 20, 5]);
    expect(seenIds).toEqual([...ids].reverse());
  });

  it('costs the same queries for a page of 1 as for a page of 20', async () => {
    const cost = async (count: number) => {
      const s = await register(t.app);
      const liker = await register(t.app);
      const p = await createPost(t.app, s, textPost('Counted'));
      await add(blogOf(s), Array.from({ length: count }, () => ({ type: 'like' as const, from: blogOf(liker), post: p.id })));
      const start = t.queryCount();
      expect((await page(s, blogOf(s))).notifications).toHaveLength(count);
      return t.queryCount() - start;
    };
    const one = await cost(1);
    expect(await cost(20)).toBe(one);
    // Session, blog, the page, its blogs, its posts.
    expect(one).toBeLessThanOrEqual(5);
  });
});

describe('unread count and POST /svc/activity/{blogName}/seen', () => {
  let owner: Session;
  let fan: Session;
  beforeAll(async () => {
    [owner, fan] = [await register(t.app), await register(t.app)];
  });

  it('counts unread in user info, marks seen up to an id and never backwards', async () => {
    expect(await unreadOf(owner, blogOf(owner))).toBe(0);
    const ids = await add(blogOf(owner), Array.from({ length: 5 }, () => ({ type: 'follower' as const, from: blogOf(fan) })));
    expect(await unreadOf(owner, blogOf(owner))).toBe(5);

    expect(expectOk<ActivitySeenResponse>(await seen(owner, blogOf(owner), ids[2]))).toEqual({ activity_seen_id: ids[2], activity_unread: 2 });
    const { notifications } = await page(owner, blogOf(owner));
    expect(notifications.map((n) => n.unread)).toEqual([true, true, false, false, false]);
    // An older id moves nothing back.
    expect(expectOk<ActivitySeenResponse>(await seen(owner, blogOf(owner), ids[0]))).toEqual({ activity_seen_id: ids[2], activity_unread: 2 });
    expect(expectOk<ActivitySeenResponse>(await seen(owner, blogOf(owner), ids[4]))).toMatchObject({ activity_unread: 0 });
    expect(await unreadOf(owner, blogOf(owner))).toBe(0);
  });

  it('does not let a made-up id mark later activity as seen', async () => {
    const answer = expectOk<ActivitySeenResponse>(await seen(owner, blogOf(owner), '9000000000000000000'));
    const newest = (await page(owner, blogOf(owner))).notifications[0]!.id;
    expect(answer.activity_seen_id).toBe(newest);
    await notify(t.db, [{ blogId: await blogId(blogOf(owner)), type: 'like', fromBlogId: await blogId(blogOf(fan)) }]);
    expect(await unreadOf(owner, blogOf(owner))).toBe(1);
  });

  it('stops counting at 100', async () => {
    const busy = await register(t.app);
    const fanBlog = await blogId(blogOf(fan));
    const target = await blogId(blogOf(busy));
    await notify(t.db, Array.from({ length: 130 }, () => ({ blogId: target, type: 'like' as const, fromBlogId: fanBlog })));
    expect(await unreadOf(busy, blogOf(busy))).toBe(100);
  });

  it('is for the owner only (401 logged out), with a form key, and an id of digits', async () => {
    const other = await register(t.app);
    // Logged out: the session rule answers 401 before anything else, and nothing changes.
    expectError(await post(t.app, `/svc/activity/${blogOf(owner)}/seen`, { id: '1' }), 401, 'You need to log in to do that.');
    expectError(await seen(other, blogOf(owner), '1'), 403);
    expectError(await seen(owner, 'no-such-blog-here', '1'), 404);
    expectError(await post(t.app, `/svc/activity/${blogOf(owner)}/seen`, { id: '1' }, { cookie: owner.cookie }), 403);
    expectError(await seen(owner, blogOf(owner), 12), 400);
    expectError(await seen(owner, blogOf(owner), 'latest'), 400);
  });
});

describe('GET /svc/data/tumblelog with the include_ flags', () => {
  let owner: Session;
  let fan: Session;
  beforeAll(async () => {
    [owner, fan] = [await register(t.app), await register(t.app)];
    const p = await createPost(t.app, owner, textPost('Counted by day'));
    // Sparkline days are UTC days: times a minute or so into a day, counted back from today's.
    const today = Math.floor(Date.now() / DAY) * DAY;
    const at = (daysAgo: number, minutes: number) => new Date(today - daysAgo * DAY + minutes * 60_000);
    await add(blogOf(owner), [
      { type: 'like', from: blogOf(fan), post: p.id, at: at(30, 1) },
      { type: 'reply', from: blogOf(fan), post: p.id, at: at(29, 1), meta: { reply_text: 'Old' } },
      { type: 'like', from: blogOf(fan), post: p.id, at: at(2, 1) },
      { type: 'reblog', from: blogOf(fan), post: p.id, at: at(2, 2) },
      { type: 'follower', from: blogOf(fan), at: at(0, 0) },
      { type: 'like', from: blogOf(fan), post: p.id, at: at(0, 0.5) },
    ]);
  });

  it('gives the owner member data, the sparkline and the first page', async () => {
    const data = await tumblelog(blogOf(owner), ALL_FLAGS, owner);
    expect(data.name).toBe(blogOf(owner));
    expect(data.member_data).toMatchObject({ is_owner: true, is_primary: true, is_current: true, activity_unread: 6 });
    const sparkline = data.activity_data!.sparkline;
    expect(sparkline).toHaveLength(30);
    // Oldest day first: the reply 29 days ago, two notes 2 days ago, a like today; the like
    // of 30 days ago is out of range and a follow is not a note.
    expect(sparkline[0]).toBe(1);
    expect(sparkline[27]).toBe(2);
    expect(sparkline[29]).toBe(1);
    expect(sparkline.reduce((a, b) => a + b, 0)).toBe(4);
    expect(data.activity_notifications!.map((n) => n.type)).toEqual(['like', 'follower', 'reblog', 'like', 'reply', 'like']);
  });

  it('adds only what is asked for', async () => {
    const data = await tumblelog(blogOf(owner), 'include_activity_data=1', owner);
    expect(data.activity_data).toBeDefined();
    expect(data.member_data).toBeUndefined();
    expect(data.activity_notifications).toBeUndefined();
    const plain = await tumblelog(blogOf(owner), 'include_member_data=0', owner);
    expect(Object.keys(plain).filter((k) => k.startsWith('activity') || k === 'member_data')).toEqual([]);
  });

  it('adds nothing for another person or a visitor', async () => {
    for (const viewer of [fan, undefined]) {
      const data = await tumblelog(blogOf(owner), ALL_FLAGS, viewer);
      expect(data.name).toBe(blogOf(owner));
      expect(data.member_data).toBeUndefined();
      expect(data.activity_data).toBeUndefined();
      expect(data.activity_notifications).toBeUndefined();
    }
  });

  it('counts notes by a trigger, so removed notifications (a deleted post) leave the sparkline', async () => {
    const target = await blogId(blogOf(owner));
    await t.db.deleteFrom('notifications').where('blog_id', '=', target).where('type', '=', 'reblog').execute();
    const sparkline = (await tumblelog(blogOf(owner), 'include_activity_data=1', owner)).activity_data!.sparkline;
    expect(sparkline[27]).toBe(1);
    expect(sparkline.reduce((a, b) => a + b, 0)).toBe(3);
  });

  it('refuses a flag that is neither on nor off', async () => {
    expectError(await get(t.app, `/svc/data/tumblelog?tumblelog=${blogOf(owner)}&include_member_data=maybe`, asOwner(owner)), 400);
  });
});
