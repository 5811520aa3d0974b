import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostView } from '../../shared/posts/types';
import type { TagFollowResponse, TaggedPage } from '../../shared/tags';
import { block, blogId } from '../notes/notes-test-kit';
import { asOwner, blogOf, createPost, textPost } from '../test/posts';
import { createTestApp, expectError, expectOk, get, post, register, type As, type Session, type TestApp } from '../test/test-app';

let t: TestApp;
let reader: Session;
let writer: Session;
let other: Session;
const tagged: PostView[] = [];

const del = (url: string, as: As) =>
  t.app.inject({ method: 'DELETE', url, headers: { cookie: as.cookie ?? '', 'x-form-key': as.formKey ?? '' }, payload: {} });
const tagPost = (s: Session, title: string, tags: string, extra: Record<string, unknown> = {}) =>
  createPost(t.app, s, { ...textPost(title), 'post[tags]': tags, ...extra });
const titles = (posts: PostView[]) => posts.map((p) => (p.content as { title: string }).title);

async function allTagged(tag: string, as: As = {}): Promise<TaggedPage[]> {
  const pages: TaggedPage[] = [];
  let before: string | null = '';
  while (before !== null) {
    const page: TaggedPage = expectOk<TaggedPage>(await get(t.app, `/svc/tagged/${encodeURIComponent(tag)}${before ? `?before=${before}` : ''}`, as));
    pages.push(page);
    before = page.next;
  }
  return pages;
}

beforeAll(async () => {
  t = await createTestApp();
  [reader, writer, other] = [await register(t.app), await register(t.app), await register(t.app)];
  for (let i = 0; i < 12; i++) tagged.push(await tagPost(i % 2 ? writer : other, `Cat ${i}`, i % 3 ? 'Cats, pets' : '#cats'));
  await tagPost(writer, 'Cat draft', 'cats', { 'post[state]': '1' });
  await tagPost(writer, 'Cat private', 'cats', { 'post[state]': 'private' });
  await tagPost(writer, 'Cat queued', 'cats', { 'post[state]': '2' });
  await tagPost(writer, 'Dog', 'dogs');
});
afterAll(() => t.close());

describe('GET /svc/tagged/{tag}', () => {
  it('pages the public posts of a tag newest first, whatever its case or leading #', async () => {
    const pages = await allTagged('#CATS');
    expect(pages.map((p) => p.posts.length)).toEqual([10, 2]);
    const posts = pages.flatMap((p) => p.posts);
    expect(titles(posts)).toEqual(titles([...tagged].reverse()));
    expect(pages[0]!.tag).toBe('cats');
    expect(pages[0]!.following).toBe(false);
  });

  it('leaves out drafts, private and queued posts, unpublished and retagged posts', async () => {
    const before = titles((await allTagged('cats')).flatMap((p) => p.posts));
    expect(before).not.toContain('Cat draft');
    expect(before).not.toContain('Cat private');
    expect(before).not.toContain('Cat queued');
    // A post that loses its tag, or goes back to draft, leaves the tag's list at once (the trigger).
    await t.db.updateTable('posts').set({ tags: ['birds'] }).where('id', '=', tagged[11]!.id).execute();
    await t.db.updateTable('posts').set({ state: 'draft', publish_id: null }).where('id', '=', tagged[10]!.id).execute();
    const after = titles((await allTagged('cats')).flatMap((p) => p.posts));
    expect(after).toEqual(before.filter((x) => x !== 'Cat 11' && x !== 'Cat 10'));
    expect(titles((await allTagged('birds')).flatMap((p) => p.posts))).toEqual(['Cat 11']);
  });

  it('hides suspended and spam blogs, and blogs across a block from the viewer', async () => {
    const count = async (as: As = {}) => (await allTagged('pets', as)).flatMap((p) => p.posts).length;
    const all = await count(asOwner(reader));
    const otherPosts = (await allTagged('pets')).flatMap((p) => p.posts).filter((p) => p.blog.name === blogOf(other)).length;
    expect(otherPosts).toBeGreaterThan(0);
    await block(t.db, other, reader);
    expect(await count(asOwner(reader))).toBe(all - otherPosts);
    expect(await count()).toBe(all);
    const otherBlog = await blogId(t.db, blogOf(other));
    await t.db.updateTable('blogs').set({ is_spam: true }).where('id', '=', otherBlog).execute();
    expect(await count()).toBe(all - otherPosts);
    await t.db.updateTable('blogs').set({ is_spam: false, is_suspended: true }).where('id', '=', otherBlog).execute();
    expect(await count()).toBe(all - otherPosts);
    await t.db.updateTable('blogs').set({ is_suspended: false }).where('id', '=', otherBlog).execute();
    await t.db.deleteFrom('blocks').execute();
  });

  it('answers a clear 400 for an empty or too long tag and a bad cursor', async () => {
    expectError(await get(t.app, '/svc/tagged/%23%23'), 400, /tag is empty/);
    expectError(await get(t.app, `/svc/tagged/${'a'.repeat(141)}`), 400);
    expectError(await get(t.app, '/svc/tagged/cats?before=abc'), 400);
    expectError(await get(t.app, '/svc/tagged/cats?before=99999999999999999999'), 400);
    expect(expectOk<TaggedPage>(await get(t.app, '/svc/tagged/nobody-uses-this')).posts).toEqual([]);
  });
});

describe('following a tag', () => {
  it('needs a login and the form key, and changes nothing without them', async () => {
    expectError(await post(t.app, '/svc/tag/cats/follow', {}), 401);
    expectError(await post(t.app, '/svc/tag/cats/follow', {}, { cookie: reader.cookie }), 403);
    expect(await t.db.selectFrom('tag_follows').selectAll().execute()).toEqual([]);
  });

  it('follows once, however often asked, and unfollows', async () => {
    const results = await Promise.all([1, 2, 3].map(() => post(t.app, '/svc/tag/%23Dogs/follow', {}, asOwner(reader))));
    for (const res of results) expect(expectOk<TagFollowResponse>(res)).toEqual({ tag: 'dogs', following: true });
    expect(await t.db.selectFrom('tag_follows').select('tag').execute()).toEqual([{ tag: 'dogs' }]);
    expect(expectOk<TaggedPage>(await get(t.app, '/svc/tagged/dogs', asOwner(reader))).following).toBe(true);
    expect(expectOk<TagFollowResponse>(await del('/svc/tag/dogs/follow', asOwner(reader)))).toEqual({ tag: 'dogs', following: false });
    expect(await t.db.selectFrom('tag_follows').selectAll().execute()).toEqual([]);
  });

  it('adds the tag\'s public posts to the dashboard, once each, within its cost', async () => {
    const dashboard = async (s: Session) => expectOk<{ posts: PostView[] }>(await get(t.app, '/svc/post/dashboard/before/0', asOwner(s))).posts;
    expect(await dashboard(reader)).toEqual([]);

    expectOk(await post(t.app, '/svc/tag/dogs/follow', {}, asOwner(reader)));
    expectOk(await post(t.app, '/svc/tag/birds/follow', {}, asOwner(reader)));
    expect(titles(await dashboard(reader))).toEqual(['Dog', 'Cat 11']);
    // Following the blog as well lists each of its posts once.
    const readerId = (await t.db.selectFrom('users').select('id').where('email', '=', reader.body.response.user.email).executeTakeFirstOrThrow()).id;
    await t.db.insertInto('follows').values({ user_id: readerId, blog_id: await blogId(t.db, blogOf(writer)) }).execute();
    const both = await dashboard(reader);
    expect(new Set(both.map((p) => p.id)).size).toBe(both.length);
    expect(titles(both)).toContain('Dog');
    // Still one query for the page: session, page ids, posts, blogs, note counts.
    const q = t.queryCount();
    await dashboard(reader);
    expect(t.queryCount() - q).toBe(5);
    // Blocked either way: the tag brings nothing of that blog.
    await t.db.deleteFrom('follows').execute();
    await block(t.db, reader, writer);
    expect(titles(await dashboard(reader))).toEqual([]);
    await t.db.deleteFrom('blocks').execute();
  });
});
