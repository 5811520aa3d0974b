import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueOrderAnswer } from '../../shared/posts/queue-order';
import { allPages, asOwner, blogOf, createPost, textPost } from '../test/posts';
import { createTestApp, expectError, expectOk, post, register, type Session, type TestApp } from '../test/test-app';
import { publishDue } from './queue';
import { moved, queueOrder, shuffled } from './queue-order';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A new person with `n` queued posts, in the order they were queued. */
async function queueOf(n: number): Promise<{ who: Session; ids: string[]; blogId: string }> {
  const who = await register(t.app);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await createPost(t.app, who, { ...textPost(`Queued ${i}`), 'post[state]': '2' })).id);
  const blog = await t.db.selectFrom('blogs').select('id').where('name', '=', blogOf(who)).executeTakeFirstOrThrow();
  return { who, ids, blogId: blog.id };
}

const reorder = (who: Session, body: object, as: Session = who) =>
  post(t.app, '/svc/blog/queue_order', { tumblelog: blogOf(who), ...body }, asOwner(as));
const shuffle = (who: Session, as: Session = who) => post(t.app, '/svc/blog/queue_shuffle', { tumblelog: blogOf(who) }, asOwner(as));
const listed = async (who: Session, direction = 'after') =>
  (await allPages(t.app, `blog/${blogOf(who)}/queue`, who, direction)).map((p) => p.id);

describe('moved and shuffled', () => {
  it('puts the post on the side of the anchor it names, wherever it was', () => {
    expect(moved(['a', 'b', 'c', 'd'], 'd', 'b', 'before')).toEqual(['a', 'd', 'b', 'c']);
    expect(moved(['a', 'b', 'c', 'd'], 'a', 'c', 'after')).toEqual(['b', 'c', 'a', 'd']);
    expect(moved(['a', 'b', 'c'], 'a', 'b', 'before')).toEqual(['a', 'b', 'c']);
  });
  it('shuffles into a permutation (Fisher-Yates: the last swaps with the pick)', () => {
    expect(shuffled(['a', 'b', 'c'], () => 0)).toEqual(['b', 'c', 'a']);
    expect(shuffled(['a', 'b', 'c'], (below) => below - 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('POST /svc/blog/queue_order', () => {
  it('a post joining the queue goes to its end; the queue page reads in order, both ways, over pages', async () => {
    const { who, ids } = await queueOf(12);
    expect(await listed(who)).toEqual(ids);
    expect(await listed(who, 'before')).toEqual([...ids].reverse());
  });

  it('moves a post before or after another; the page, the database and the publisher follow', async () => {
    const { who, ids, blogId } = await queueOf(4);
    const [a, b, c, d] = ids as [string, string, string, string];
    expect(expectOk<QueueOrderAnswer>(await reorder(who, { post_id: d, before_id: a })).order).toEqual([d, a, b, c]);
    expect(expectOk<QueueOrderAnswer>(await reorder(who, { post_id: a, after_id: c })).order).toEqual([d, b, c, a]);
    expect(await listed(who)).toEqual([d, b, c, a]);
    expect(await queueOrder(t.db, blogId)).toEqual([d, b, c, a]);
    // The queue's next slot publishes the first in the order, not the oldest.
    const { queue_next_at } = await t.db.selectFrom('blogs').select('queue_next_at').where('id', '=', blogId).executeTakeFirstOrThrow();
    expect((await publishDue(t.db, queue_next_at!)).filter((id) => ids.includes(id))).toEqual([d]);
    expect(await listed(who)).toEqual([b, c, a]);
  });

  it('is idempotent: the same move twice leaves the same order and writes nothing the second time', async () => {
    const { who, ids, blogId } = await queueOf(3);
    const [a, b, c] = ids as [string, string, string];
    expectOk(await reorder(who, { post_id: c, before_id: a }));
    const places = () => t.db.selectFrom('posts').select(['id', 'queue_position', 'updated_at']).where('blog_id', '=', blogId).orderBy('id').execute();
    const once = await places();
    expect(expectOk<QueueOrderAnswer>(await reorder(who, { post_id: c, before_id: a })).order).toEqual([c, a, b]);
    expect(await places()).toEqual(once);
  });

  it('sets the whole order; one made from a queue that changed since is a 409 that changes nothing', async () => {
    const { who, ids } = await queueOf(3);
    const [a, b, c] = ids as [string, string, string];
    expect(expectOk<QueueOrderAnswer>(await reorder(who, { order: [c, a, b] })).order).toEqual([c, a, b]);
    expectError(await reorder(who, { order: [a, b] }), 409, 'The queue has changed since it was loaded: reload it and set the order again.');
    const someoneElses = (await queueOf(1)).ids[0]!;
    expectError(await reorder(who, { order: [a, b, someoneElses] }), 409);
    expect(await listed(who)).toEqual([c, a, b]);
  });

  it('a post that is not in this queue is a 400 that names the field, and nothing moves', async () => {
    const { who, ids } = await queueOf(2);
    const [a, b] = ids as [string, string];
    const draft = await createPost(t.app, who, { ...textPost('Draft'), 'post[state]': '1' });
    const other = await queueOf(1);
    expectError(await reorder(who, { post_id: draft.id, before_id: a }), 400, "post_id is not a post in this blog's queue: reload the queue and try again.");
    expectError(await reorder(who, { post_id: b, after_id: other.ids[0] }), 400, "after_id is not a post in this blog's queue: reload the queue and try again.");
    expect(await listed(who)).toEqual([a, b]);
  });

  it('bad bodies are 400s with a message to act on', async () => {
    const { who, ids } = await queueOf(2);
    const [a, b] = ids as [string, string];
    expectError(await reorder(who, {}), 400, 'Say which post to move (post_id), or send the whole order.');
    expectError(await reorder(who, { post_id: a }), 400, 'Say where the post goes: before_id or after_id (one of them).');
    expectError(await reorder(who, { post_id: a, before_id: b, after_id: b }), 400, 'Say where the post goes: before_id or after_id (one of them).');
    expectError(await reorder(who, { post_id: a, before_id: a }), 400, 'A post cannot move before or after itself: name another queued post.');
    expectError(await reorder(who, { order: [a, a] }), 400, 'order names a post twice: name each queued post once.');
    expectError(await reorder(who, { order: [b, a], post_id: a }), 400, 'Send either order, or post_id with before_id or after_id, not both.');
    expectError(await reorder(who, { order: 'a,b' }), 400, 'order must be a list of post ids, first to go out first.');
    expectError(await reorder(who, { order: ['x'] }), 400, 'order must be a post id (digits only).');
    expect(await listed(who)).toEqual([a, b]);
  });

  it("only the blog's owner reorders: anyone else is told there is no such blog, and nothing moves", async () => {
    const { who, ids } = await queueOf(2);
    const [a, b] = ids as [string, string];
    const stranger = await register(t.app);
    expectError(await reorder(who, { post_id: b, before_id: a }, stranger), 404);
    expectError(await shuffle(who, stranger), 404);
    expectError(await post(t.app, '/svc/blog/queue_order', { tumblelog: blogOf(who), post_id: b, before_id: a }), 401);
    expect(await listed(who)).toEqual([a, b]);
  });

  it('concurrent reorders of one queue run one after the other: every answer and the end state name each post once', async () => {
    const { who, ids, blogId } = await queueOf(8);
    const moves = Array.from({ length: 16 }, (_, i) => {
      const postId = ids[(i * 3) % ids.length]!;
      const anchor = ids[(i * 5 + 1) % ids.length]!;
      return anchor === postId ? { post_id: postId, after_id: ids[(i + 2) % ids.length]! } : { post_id: postId, before_id: anchor };
    });
    const answers = await Promise.all([...moves.map((m) => reorder(who, m)), shuffle(who), shuffle(who)]);
    for (const res of answers) expect([...expectOk<QueueOrderAnswer>(res).order].sort()).toEqual([...ids].sort());
    const end = await queueOrder(t.db, blogId);
    expect([...end].sort()).toEqual([...ids].sort());
    // The places are distinct: the order is a strict one, not ties broken by id.
    const places = await t.db.selectFrom('posts').select('queue_position').where('blog_id', '=', blogId).execute();
    expect(new Set(places.map((p) => p.queue_position)).size).toBe(ids.length);
    expect(await listed(who)).toEqual(end);
  });
});

describe('POST /svc/blog/queue_shuffle', () => {
  it('answers a permutation and the order it replaced; sending that back undoes it', async () => {
    const { who, ids } = await queueOf(6);
    const shuffledAnswer = expectOk<QueueOrderAnswer>(await shuffle(who));
    expect(shuffledAnswer.previous).toEqual(ids);
    expect([...shuffledAnswer.order].sort()).toEqual([...ids].sort());
    expect(await listed(who)).toEqual(shuffledAnswer.order);
    expectOk(await reorder(who, { order: shuffledAnswer.previous }));
    expect(await listed(who)).toEqual(ids);
  });

  it('a post that leaves the queue and comes back goes to its end', async () => {
    const { who, ids } = await queueOf(3);
    const [a, b, c] = ids as [string, string, string];
    expectOk(await reorder(who, { order: [c, b, a] }));
    expectOk(await post(t.app, '/svc/post/update', { post_id: c, ...textPost('Queued 2'), 'post[state]': '1' }, asOwner(who)));
    expect(await listed(who)).toEqual([b, a]);
    expectOk(await post(t.app, '/queue', { id: c }, asOwner(who)));
    expect(await listed(who)).toEqual([b, a, c]);
  });

  it('an empty queue shuffles to an empty order', async () => {
    const { who } = await queueOf(0);
    expect(expectOk<QueueOrderAnswer>(await shuffle(who))).toEqual({ order: [], previous: [] });
  });
});
