import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostPage, PostView } from '../../shared/posts/types';
import { ACTION_SOURCE_MESSAGE } from '../../shared/notes/action-source';
import { block, blogId, like, reply } from '../notes/notes-test-kit';
import { asOwner, blogOf, createPost, textPost } from '../test/posts';
import { createTestApp, expectError, expectOk, get, register, type Session, type TestApp } from '../test/test-app';

let t: TestApp;
let reader: Session;
let writers: Session[];
const posts: PostView[] = [];

async function allLikes(s: Session): Promise<PostPage[]> {
  const pages: PostPage[] = [];
  let before: string | null = '';
  while (before !== null) {
    const page: PostPage = expectOk<PostPage>(await get(t.app, `/svc/user/likes${before ? `?before=${before}` : ''}`, asOwner(s)));
    pages.push(page);
    before = page.next;
  }
  return pages;
}

beforeAll(async () => {
  t = await createTestApp();
  reader = await register(t.app);
  writers = [await register(t.app), await register(t.app)];
  for (let i = 0; i < 13; i++) posts.push(await createPost(t.app, writers[i % 2]!, textPost(`Post ${i}`)));
  // Liked in an order other than the posts' own: the list follows the likes.
  for (const i of [3, 0, 12, 7, 1, 2, 4, 5, 6, 8, 9, 10, 11]) expectOk(await like(t, reader, posts[i]!));
});
afterAll(() => t.close());

describe('GET /svc/user/likes', () => {
  it('pages the viewer\'s likes, newest like first, 10 a page', async () => {
    const pages = await allLikes(reader);
    expect(pages.map((p) => p.posts.length)).toEqual([10, 3]);
    const order = [3, 0, 12, 7, 1, 2, 4, 5, 6, 8, 9, 10, 11].reverse().map((i) => posts[i]!.id);
    expect(pages.flatMap((p) => p.posts).map((p) => p.id)).toEqual(order);
    expect(pages[0]!.posts.every((p) => p.liked)).toBe(true);
  });

  it('is the viewer\'s own: another user sees their own (empty) list; no login is a 401', async () => {
    const someone = await register(t.app);
    expect((await allLikes(someone)).flatMap((p) => p.posts)).toEqual([]);
    expectError(await get(t.app, '/svc/user/likes'), 401);
    expectError(await get(t.app, '/svc/user/likes?before=nonsense', asOwner(reader)), 400);
  });

  it('leaves out posts others may no longer see: private, suspended, across a block', async () => {
    const count = async () => (await allLikes(reader)).flatMap((p) => p.posts).length;
    await t.db.updateTable('posts').set({ is_private: true }).where('id', '=', posts[0]!.id).execute();
    expect(await count()).toBe(12);
    await t.db.updateTable('blogs').set({ is_suspended: true }).where('id', '=', await blogId(t.db, blogOf(writers[1]!))).execute();
    expect(await count()).toBe(12 - 6);
    await block(t.db, writers[0]!, reader);
    expect(await count()).toBe(0);
  });
});

describe('where a like or reply was made (spec 1 §2, issue 26 item 10)', () => {
  it('keeps the source sent with a like and a reply; none sent is null; another value is a 400 that keeps nothing', async () => {
    const fan = await register(t.app);
    const author = await register(t.app);
    const [first, second, third] = [await createPost(t.app, author, textPost('One')), await createPost(t.app, author, textPost('Two')), await createPost(t.app, author, textPost('Three'))];
    expectOk(await like(t, fan, first, { source: 'search_peepr' }));
    expectOk(await like(t, fan, second));
    const fanBlog = await blogId(t.db, blogOf(fan));
    const sourceOf = async (postId: string) =>
      (await t.db.selectFrom('likes').select('source').where('post_id', '=', postId).where('blog_id', '=', fanBlog).executeTakeFirst())?.source;
    expect(await sourceOf(first.id)).toBe('search_peepr');
    expect(await sourceOf(second.id)).toBeNull();

    const refused = expectError(await like(t, fan, third, { source: 'elsewhere' }), 400, ACTION_SOURCE_MESSAGE);
    expect(refused.errors?.[0]).toMatchObject({ field: 'source' });
    expect(await sourceOf(third.id)).toBeUndefined();

    expectOk(await reply(t, fan, first, 'Seen in the drawer', { source: 'peepr' }));
    expectError(await reply(t, fan, first, 'Not kept', { source: 7 }), 400, ACTION_SOURCE_MESSAGE);
    const replies = await t.db.selectFrom('replies').select(['text', 'source']).where('post_id', '=', first.id).execute();
    expect(replies).toEqual([{ text: 'Seen in the drawer', source: 'peepr' }]);
  });
});
