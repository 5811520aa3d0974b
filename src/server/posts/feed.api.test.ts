import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostView } from '../../shared/posts/types';
import { allPages, asOwner, blogOf, createPost, page, textPost } from '../test/posts';
import { createTestApp, expectError, expectOk, get, post, register, type Session, type TestApp } from '../test/test-app';

let t: TestApp;
let reader: Session;
let writers: Session[];
const made = new Map<string, PostView>();

beforeAll(async () => {
  t = await createTestApp();
  reader = await register(t.app);
  writers = [await register(t.app), await register(t.app), await register(t.app)];
  // Following comes with the social area; until then the relation is written directly.
  const readerRow = await t.db.selectFrom('users').select('id').where('email', '=', reader.body.response.user.email).executeTakeFirstOrThrow();
  for (const w of writers.slice(0, 2)) {
    const blog = await t.db.selectFrom('blogs').select('id').where('name', '=', blogOf(w)).executeTakeFirstOrThrow();
    await t.db.insertInto('follows').values({ user_id: readerRow.id, blog_id: blog.id }).execute();
  }
  // 25 posts spread over the followed blogs, the reader's own and one not followed.
  for (let i = 0; i < 25; i++) {
    const author = [writers[0]!, writers[1]!, reader, writers[2]!][i % 4]!;
    const p = await createPost(t.app, author, textPost(`Post ${i}`));
    made.set(p.id, p);
  }
  await createPost(t.app, writers[0]!, { ...textPost('A draft'), 'post[state]': '1' });
  await createPost(t.app, writers[0]!, { ...textPost('Private'), 'post[state]': 'private' });
  await createPost(t.app, writers[0]!, { ...textPost('Queued'), 'post[state]': '2' });
});
afterAll(() => t.close());

describe('GET /svc/post/dashboard/before/{ref}', () => {
  it('pages the followed and own blogs newest first, 10 a page, and nothing else', async () => {
    const posts = await allPages(t.app, 'dashboard', reader);
    const expected = [...made.values()].filter((p) => p.blog.name !== blogOf(writers[2]!)).map((p) => p.id);
    expect(posts.map((p) => p.id)).toEqual([...expected].sort((a, b) => (BigInt(b) > BigInt(a) ? 1 : -1)));
    expect(posts.some((p) => ['A draft', 'Private', 'Queued'].includes((p.content as { title: string }).title))).toBe(false);
  });

  it('costs the same number of queries on every page, whatever its size', async () => {
    const counts: number[] = [];
    let ref: string | null = '0';
    while (ref !== null) {
      const before = t.queryCount();
      const res = await get(t.app, `/svc/post/dashboard/before/${ref}`, asOwner(reader));
      counts.push(t.queryCount() - before);
      ref = expectOk<{ next: string | null }>(res).next;
    }
    expect(counts.length).toBe(2);
    // Page 1 skips the cursor lookup; otherwise session, cursor, page ids, posts, blogs, note counts.
    expect(counts[1]).toBe(counts[0]! + 1);
    expect(counts[1]).toBeLessThanOrEqual(6);

    // A page of one post costs what a page of ten costs.
    const loner = await register(t.app);
    await createPost(t.app, loner, textPost('Alone'));
    const before = t.queryCount();
    expect(expectOk<{ posts: unknown[] }>(await get(t.app, '/svc/post/dashboard/before/0', asOwner(loner))).posts).toHaveLength(1);
    expect(t.queryCount() - before).toBe(counts[0]);
  });

  it('needs a login; a bad direction or ref is a 400', async () => {
    expectError(await get(t.app, '/svc/post/dashboard/before/0'), 401);
    expectError(await get(t.app, '/svc/post/dashboard/sideways/0', asOwner(reader)), 400);
    expectError(await get(t.app, '/svc/post/dashboard/before/abc', asOwner(reader)), 400);
  });
});

describe('blog pages, drafts and queue', () => {
  it('a blog page shows its public posts to anyone, private ones only to the owner', async () => {
    const w = writers[0]!;
    const publicView = await allPages(t.app, `blog/${blogOf(w)}`, reader);
    const ownerView = await allPages(t.app, `blog/${blogOf(w)}`, w);
    expect(ownerView.length).toBe(publicView.length + 1);
    expect(ownerView.find((p) => p.state === 'private')).toBeTruthy();
    expect(publicView.every((p) => p.state === '0')).toBe(true);
    expectError(await get(t.app, '/svc/post/blog/nobody-here/before/0'), 404);
  });

  it('drafts and queue are the owner\'s only; others get 404', async () => {
    const w = writers[0]!;
    const drafts = await page(t.app, `/svc/post/blog/${blogOf(w)}/drafts/after/0`, w);
    expect(drafts.posts.map((p) => p.state)).toEqual(['1']);
    const queue = await page(t.app, `/svc/post/blog/${blogOf(w)}/queue/before/0`, w);
    expect(queue.posts.map((p) => p.state)).toEqual(['2']);
    expectError(await get(t.app, `/svc/post/blog/${blogOf(w)}/drafts/after/0`, asOwner(reader)), 404);
    expectError(await get(t.app, `/svc/post/blog/${blogOf(w)}/queue/before/0`), 404);
  });

  it('publish, queue and delete: the owner only', async () => {
    const w = writers[1]!;
    const draft = await createPost(t.app, w, { ...textPost('To publish'), 'post[state]': '1' });
    expectError(await post(t.app, '/publish', { id: draft.id }, asOwner(reader)), 404);
    const published = expectOk<{ post: PostView }>(await post(t.app, '/publish', { id: draft.id }, asOwner(w)));
    expect(published.post.state).toBe('0');
    const first = await page(t.app, '/svc/post/dashboard/before/0', reader);
    expect(first.posts[0]!.id).toBe(draft.id);

    const another = await createPost(t.app, w, { ...textPost('To queue'), 'post[state]': '1' });
    expect(expectOk<{ post: PostView }>(await post(t.app, '/queue', { id: another.id }, asOwner(w))).post.state).toBe('2');

    expectError(await post(t.app, '/svc/post/delete', { post_id: draft.id }, asOwner(reader)), 403);
    expectOk(await post(t.app, '/svc/post/delete', { post_id: draft.id, channel_id: blogOf(w) }, asOwner(w)));
    expect(await t.db.selectFrom('posts').select('id').where('id', '=', draft.id).executeTakeFirst()).toBeUndefined();
    expectError(await post(t.app, '/svc/post/delete', { post_id: draft.id }, asOwner(w)), 404);
  });
});
