// GET /media/*: an uploaded file is everyone's to fetch (and to cache) only while a public post
// shows it; before that, and once its posts are out of sight again, only its owner's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostView } from '../../shared/posts/types';
import { asOwner, createPost, savePost } from '../test/posts';
import { createTestApp, expectError, expectOk, get, register, type Session, type TestApp } from '../test/test-app';
import { png, upload } from './test-files';
import type { UploadedMedia } from './views';

let t: TestApp;
let ann: Session;
let bob: Session;
beforeAll(async () => {
  t = await createTestApp();
  [ann, bob] = [await register(t.app), await register(t.app)];
});
afterAll(() => t.close());

const uploadPng = async (s: Session, colour: string) =>
  expectOk<UploadedMedia[]>(await upload(t.app, asOwner(s), { data: await png(300, 200, colour), filename: 'p.png', contentType: 'image/png' }))[0]!;
const photoPost = (url: string, state = '0') => ({ 'post[type]': 'photo', 'images[o1]': url, 'post[state]': state });

/** The status (and cache header) of a file for ann, bob and a logged-out visitor. */
async function fetchedBy(url: string) {
  const [owner, other, visitor] = [await get(t.app, url, asOwner(ann)), await get(t.app, url, asOwner(bob)), await get(t.app, url)];
  return { owner: owner.statusCode, other: other.statusCode, visitor: visitor.statusCode, cache: owner.headers['cache-control'] };
}

describe('GET /media/*', () => {
  it("serves a draft's photo to its owner only, privately; once published, to everyone, cached for good", async () => {
    const item = await uploadPng(ann, '#102030');
    expect(await fetchedBy(item.url)).toEqual({ owner: 200, other: 404, visitor: 404, cache: 'private, no-cache' });
    const draft = await createPost(t.app, ann, photoPost(item.url, '1'));
    for (const size of item.sizes) expect(await fetchedBy(size.url)).toEqual({ owner: 200, other: 404, visitor: 404, cache: 'private, no-cache' });
    expectError(await get(t.app, item.url), 404, 'There is no such file, or it is not yours to see.');

    expectOk(await savePost(t.app, ann, { ...photoPost(item.url, '0'), post_id: draft.id }));
    for (const size of item.sizes) {
      expect(await fetchedBy(size.url)).toEqual({ owner: 200, other: 200, visitor: 200, cache: 'public, max-age=31536000, immutable' });
    }
    const res = await get(t.app, item.url);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');

    // Back to the drafts: hidden again.
    expectOk(await savePost(t.app, ann, { ...photoPost(item.url, '1'), post_id: draft.id }));
    expect(await fetchedBy(item.url)).toMatchObject({ owner: 200, other: 404, visitor: 404 });
  });

  it('keeps a private post\'s photo private, and shows a public reblog\'s photo while the reblog is out', async () => {
    const item = await uploadPng(ann, '#203040');
    const hidden = await createPost(t.app, ann, photoPost(item.url, 'private'));
    expect(await fetchedBy(item.url)).toMatchObject({ owner: 200, other: 404, visitor: 404 });
    expectOk(await savePost(t.app, ann, { ...photoPost(item.url, '0'), post_id: hidden.id }));
    const reblog = await createPost(t.app, bob, { reblog_post_id: hidden.id, reblog_key: hidden.reblog_key });
    // The original goes back to the drafts; bob's reblog still shows the photo to everyone.
    expectOk(await savePost(t.app, ann, { ...photoPost(item.url, '1'), post_id: hidden.id }));
    expect(await fetchedBy(item.url)).toMatchObject({ other: 200, visitor: 200 });
    expectOk(await savePost(t.app, bob, { post_id: reblog.id, 'post[state]': '1', 'post[two]': '' }));
    expect(await fetchedBy(item.url)).toMatchObject({ owner: 200, other: 404, visitor: 404 });
  });

  it("does not publish someone else's unpublished upload named in a post", async () => {
    const item = await uploadPng(ann, '#304050');
    // bob learned the address somehow: his public post naming it does not make it public.
    const text: PostView = await createPost(t.app, bob, { 'post[type]': 'text', 'post[one]': 'Look', 'post[two]': `<p><img src="${item.url}"></p>`, editor_type: 'html' });
    expect(text.state_name).toBe('published');
    expect(await fetchedBy(item.url)).toMatchObject({ owner: 200, visitor: 404 });
  });

  it('serves the same file uploaded by two people to each of them, and to everyone once either publishes it', async () => {
    const mine = await uploadPng(ann, '#405060');
    const theirs = await uploadPng(bob, '#405060');
    expect(theirs.url).toBe(mine.url);
    const res = await get(t.app, mine.url, asOwner(bob));
    expect(res.statusCode).toBe(200);
    expect(await fetchedBy(mine.url)).toMatchObject({ owner: 200, other: 200, visitor: 404 });
    await createPost(t.app, bob, photoPost(theirs.url));
    expect(await fetchedBy(mine.url)).toMatchObject({ visitor: 200 });
  });

  it('answers 404 for a name that is not an upload', async () => {
    expectError(await get(t.app, `/media/ab/cd/${'a'.repeat(64)}-1080.png`), 404);
    expectError(await get(t.app, '/media/ab/cd/not-ours.png'), 404);
  });
});
