// Issue 24.4: each photo of a post has its alt text, stored, sent to readers and kept by a reblog.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALT_TEXT_MAX } from '../../shared/posts/messages';
import type { PhotoView, PostPage, PostView, SaveResponse } from '../../shared/posts/types';
import { asOwner, blogOf, createPost, savePost } from '../test/posts';
import { countRows, createTestApp, expectError, expectOk, get, post, register, type Session, type TestApp } from '../test/test-app';

let t: TestApp;
let ann: Session;
let bob: Session;
beforeAll(async () => {
  t = await createTestApp();
  ann = await register(t.app);
  bob = await register(t.app);
});
afterAll(() => t.close());

const photosOf = (p: PostView): PhotoView[] => {
  if (p.content.type !== 'photo') throw new Error(`not a photo post: ${p.content.type}`);
  return p.content.photos;
};

const twoPhotos = {
  'post[type]': 'photo',
  'images[o1]': 'https://example.com/kite.jpg',
  'alt[o1]': '  A red kite\n over green hills  ',
  'images[o2]': 'https://example.com/plain.jpg',
};

describe('POST /svc/post/update: alt[oN] of a photo', () => {
  it('stores each photo\'s alt text (whitespace collapsed), none for a photo without', async () => {
    const created = await createPost(t.app, ann, twoPhotos);
    expect(photosOf(created).map((p) => p.alt_text)).toEqual(['A red kite over green hills', '']);
    const row = await t.db.selectFrom('posts').select(['content', 'source']).where('id', '=', created.id).executeTakeFirstOrThrow();
    expect((row.content as { photos: PhotoView[] }).photos[0]!.alt_text).toBe('A red kite over green hills');
    // The edit form gets it back as typed.
    const fetched = expectOk<{ source: { extra: Record<string, string> } }>(await post(t.app, '/svc/post/fetch', { post_id: created.id }, asOwner(ann)));
    expect(fetched.source.extra['alt[o1]']).toBe(twoPhotos['alt[o1]']);
  });

  it('sends it to readers: the blog page and the permalink view, logged out too', async () => {
    const created = await createPost(t.app, ann, twoPhotos);
    const blogPage = expectOk<PostPage>(await get(t.app, `/svc/post/blog/${blogOf(ann)}/before/0`, asOwner(bob)));
    const seen = blogPage.posts.find((p) => p.id === created.id)!;
    expect(photosOf(seen)[0]!.alt_text).toBe('A red kite over green hills');
    const view = expectOk<{ post: PostView }>(await get(t.app, `/svc/post/view/${blogOf(ann)}/${created.id}`));
    expect(photosOf(view.post)[0]!.alt_text).toBe('A red kite over green hills');
  });

  it('is kept by a reblog, which cannot change it', async () => {
    const root = await createPost(t.app, ann, twoPhotos);
    const reblog = expectOk<SaveResponse>(
      await savePost(t.app, bob, { reblog_post_id: root.id, reblog_key: root.reblog_key, 'post[two]': '<p>Look</p>', 'alt[o1]': 'Something else' }),
    ).created_post;
    expect(photosOf(reblog)[0]!.alt_text).toBe('A red kite over green hills');
    const bobPage = expectOk<PostPage>(await get(t.app, `/svc/post/blog/${blogOf(bob)}/before/0`, asOwner(ann)));
    expect(photosOf(bobPage.posts.find((p) => p.id === reblog.id)!)[0]!.alt_text).toBe('A red kite over green hills');
  });

  it(`takes ${ALT_TEXT_MAX} characters, and refuses more with 400, saving nothing`, async () => {
    const longest = await createPost(t.app, ann, { ...twoPhotos, 'alt[o2]': 'b'.repeat(ALT_TEXT_MAX) });
    expect(photosOf(longest)[1]!.alt_text).toHaveLength(ALT_TEXT_MAX);
    const before = await countRows(t.db);
    const res = await savePost(t.app, ann, { ...twoPhotos, 'alt[o2]': 'b'.repeat(ALT_TEXT_MAX + 1) });
    const body = expectError(res, 400, 'The alt text of photo o2 is 1,001 characters long; it can be at most 1,000.');
    expect(body.errors![0]).toMatchObject({ field: 'alt[o2]' });
    expect(await countRows(t.db)).toEqual(before);
  });

  it('refuses an edit with too long an alt text and keeps the post as it was', async () => {
    const created = await createPost(t.app, ann, twoPhotos);
    const res = await savePost(t.app, ann, { ...twoPhotos, post_id: created.id, 'alt[o1]': 'c'.repeat(ALT_TEXT_MAX + 5) });
    expectError(res, 400, /^The alt text of photo o1 is 1,005 characters long/);
    const view = expectOk<{ post: PostView }>(await get(t.app, `/svc/post/view/${blogOf(ann)}/${created.id}`));
    expect(photosOf(view.post)[0]!.alt_text).toBe('A red kite over green hills');
  });

  it('refuses an alt text that is not text', async () => {
    expectError(await savePost(t.app, ann, { ...twoPhotos, 'alt[o1]': ['a', 'b'] }), 400, 'Invalid "alt[o1]" type. Expected string, got array');
  });
});
