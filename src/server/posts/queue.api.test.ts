import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, blogOf, createPost, page, textPost } from '../test/posts';
import { createTestApp, expectError, expectOk, get, post, register, type Session, type TestApp } from '../test/test-app';
import { nextQueueSlot } from '../queue-slots';
import { publishDue } from './queue';

let t: TestApp;
let ann: Session;
beforeAll(async () => {
  t = await createTestApp();
  ann = await register(t.app);
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const stateOf = async (id: string) =>
  (await t.db.selectFrom('posts').select(['state', 'publish_id']).where('id', '=', id).executeTakeFirstOrThrow());

describe('nextQueueSlot', () => {
  const settings = { queue_per_day: 2, queue_start_hour: 8, queue_end_hour: 20 };
  it('splits the window into equal parts, a post in the middle of each', () => {
    expect(nextQueueSlot(settings, new Date('2026-11-22T00:00:00Z')).toISOString()).toBe('2026-11-22T11:00:00.000Z');
    expect(nextQueueSlot(settings, new Date('2026-11-22T11:00:00Z')).toISOString()).toBe('2026-11-22T17:00:00.000Z');
    expect(nextQueueSlot(settings, new Date('2026-11-22T18:00:00Z')).toISOString()).toBe('2026-11-23T11:00:00.000Z');
  });
  it('fifty a day over the whole day', () => {
    const all = { queue_per_day: 50, queue_start_hour: 0, queue_end_hour: 24 };
    const first = nextQueueSlot(all, new Date('2026-11-22T00:00:00Z'));
    const second = nextQueueSlot(all, first);
    expect(second.getTime() - first.getTime()).toBe((24 * HOUR) / 50);
  });
});

describe('the publisher', () => {
  it('publishes a scheduled post at its time, once', async () => {
    const at = new Date(Date.now() + 2 * HOUR);
    const scheduled = await createPost(t.app, ann, { ...textPost('Later'), 'post[state]': 'on.2', 'post[publish_on]': at.toISOString() });
    expect(scheduled.state).toBe('on.2');
    expect(await publishDue(t.db, new Date(at.getTime() - 1000))).not.toContain(scheduled.id);
    expect((await stateOf(scheduled.id)).state).toBe('queued');
    const [a, b] = await Promise.all([publishDue(t.db, at), publishDue(t.db, at)]);
    expect([...a, ...b].filter((id) => id === scheduled.id)).toHaveLength(1);
    const row = await stateOf(scheduled.id);
    expect(row.state).toBe('published');
    expect(row.publish_id).not.toBeNull();
  });

  it('publishes the queue one post per slot, oldest first, and catches up after a gap without flooding', async () => {
    const bob = await register(t.app);
    const queued = [];
    for (const title of ['Q1', 'Q2', 'Q3']) queued.push(await createPost(t.app, bob, { ...textPost(title), 'post[state]': '2' }));
    const blog = await t.db.selectFrom('blogs').selectAll().where('name', '=', blogOf(bob)).executeTakeFirstOrThrow();
    expect(blog.queue_next_at).not.toBeNull();
    const due = blog.queue_next_at!;

    expect(await publishDue(t.db, new Date(due.getTime() - 1))).toEqual([]);
    const [a, b] = await Promise.all([publishDue(t.db, due), publishDue(t.db, due)]);
    expect([...a, ...b]).toEqual([queued[0]!.id]);

    // Three days later (a server that was down): one post now, the next at the next slot after now.
    const later = new Date(due.getTime() + 72 * HOUR);
    expect(await publishDue(t.db, later)).toEqual([queued[1]!.id]);
    const after = await t.db.selectFrom('blogs').select('queue_next_at').where('id', '=', blog.id).executeTakeFirstOrThrow();
    expect(after.queue_next_at!.getTime()).toBeGreaterThan(later.getTime());
    expect(await publishDue(t.db, after.queue_next_at!)).toEqual([queued[2]!.id]);
    const empty = await t.db.selectFrom('blogs').select('queue_next_at').where('id', '=', blog.id).executeTakeFirstOrThrow();
    expect(empty.queue_next_at).toBeNull();

    const blogPage = await page(t.app, `/svc/post/blog/${blogOf(bob)}/before/0`, bob);
    expect(blogPage.posts.map((p) => p.id)).toEqual([queued[2]!.id, queued[1]!.id, queued[0]!.id]);
  });

  it('reads back: scheduled is on.2, private is private', async () => {
    const p = await createPost(t.app, ann, { ...textPost('Hidden'), 'post[state]': 'private' });
    expect(p.state).toBe('private');
    const fetched = expectOk<{ post: { state: string } }>(await post(t.app, '/svc/post/fetch', { post_id: p.id }, asOwner(ann)));
    expect(fetched.post.state).toBe('private');
  });
});

describe('/svc/blog/queue_settings', () => {
  it('the owner reads and changes posts per day and the window; the next slot follows', async () => {
    const cy = await register(t.app);
    const name = blogOf(cy);
    expect(expectOk(await get(t.app, `/svc/blog/queue_settings?tumblelog=${name}`, asOwner(cy)))).toEqual({
      posts_per_day: 2, start_hour: 0, end_hour: 24, next_publish_at: null,
    });
    await createPost(t.app, cy, { ...textPost('Waiting'), 'post[state]': '2' });
    const changed = expectOk<{ posts_per_day: number; next_publish_at: string }>(
      await post(t.app, '/svc/blog/queue_settings', { tumblelog: name, posts_per_day: '50', start_hour: 9, end_hour: 17 }, asOwner(cy)),
    );
    expect(changed.posts_per_day).toBe(50);
    const hourOfNext = new Date(changed.next_publish_at).getUTCHours();
    expect(hourOfNext).toBeGreaterThanOrEqual(9);
    expect(hourOfNext).toBeLessThan(17);
  });

  it.each([
    [{ posts_per_day: 0, start_hour: 0, end_hour: 24 }, 'The queue publishes at least 1 post a day.'],
    [{ posts_per_day: 51, start_hour: 0, end_hour: 24 }, 'The queue publishes at most 50 posts a day.'],
    [{ posts_per_day: 2, start_hour: 12, end_hour: 12 }, 'The queue window must start before it ends.'],
    [{ posts_per_day: 2, start_hour: -1, end_hour: 5 }, 'start_hour must be a whole hour from 0 to 23.'],
    [{ posts_per_day: 'many', start_hour: 0, end_hour: 5 }, 'posts_per_day must be a number from 1 to 50.'],
  ])('%j → 400 %s, nothing changed', async (input, message) => {
    const name = blogOf(ann);
    const before = await t.db.selectFrom('blogs').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
    expectError(await post(t.app, '/svc/blog/queue_settings', { tumblelog: name, ...input }, asOwner(ann)), 400, message);
    expect(await t.db.selectFrom('blogs').selectAll().where('name', '=', name).executeTakeFirstOrThrow()).toEqual(before);
  });

  it('someone else\'s blog is not found', async () => {
    const dee = await register(t.app);
    expectError(await get(t.app, `/svc/blog/queue_settings?tumblelog=${blogOf(ann)}`, asOwner(dee)), 404);
    expectError(await post(t.app, '/svc/blog/queue_settings', { tumblelog: blogOf(ann), posts_per_day: 3, start_hour: 0, end_hour: 24 }, asOwner(dee)), 404);
  });
});
