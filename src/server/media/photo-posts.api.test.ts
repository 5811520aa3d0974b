import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoView, PostView } from '../../shared/posts/types';
import { asOwner, createPost, savePost } from '../test/posts';
import { createTestApp, expectError, expectOk, register, type Session, type TestApp } from '../test/test-app';
import { png, upload } from './test-files';
import type { UploadedMedia } from './views';

let t: TestApp;
let ann: Session;
let bob: Session;
const photos: UploadedMedia[] = [];

beforeAll(async () => {
  t = await createTestApp();
  ann = await register(t.app);
  bob = await register(t.app);
  for (const [w, h, colour] of [[1600, 1200, '#aa0000'], [500, 800, '#00aa00'], [300, 300, '#0000aa']] as const) {
    photos.push(expectOk<UploadedMedia[]>(await upload(t.app, asOwner(ann), { data: await png(w, h, colour) }))[0]!);
  }
});
afterAll(() => t.close());

const photosOf = (post: PostView): PhotoView[] => (post.content.type === 'photo' ? post.content.photos : []);

describe('POST /svc/post/update: photo posts of uploaded images', () => {
  it('records the size of each uploaded photo and the sizes to choose from', async () => {
    const post = await createPost(t.app, ann, {
      'post[type]': 'photo',
      'images[o1]': photos[0]!.url,
      'images[o2]': photos[1]!.url,
      'images[o3]': 'https://example.com/elsewhere.jpg',
      'caption[o1]': 'first',
    });
    const [first, second, third] = photosOf(post);
    expect(first).toMatchObject({ id: 'o1', url: photos[0]!.url, width: 1080, height: 810, caption: 'first', sizes: photos[0]!.sizes });
    expect(second).toMatchObject({ id: 'o2', url: photos[1]!.url, width: 500, height: 800 });
    expect(second!.sizes!.map((s) => s.width)).toEqual([500, 400, 250, 100, 75]);
    // A photo from elsewhere keeps unknown sizes.
    expect(third).toEqual({ id: 'o3', url: 'https://example.com/elsewhere.jpg', width: null, height: null, caption: '', alt_text: '' });
  });

  it('takes the upload URL on the site address too, and any size of it', async () => {
    const small = photos[0]!.sizes.find((s) => s.width === 250)!;
    const post = await createPost(t.app, ann, { 'post[type]': 'photo', 'images[o1]': `http://localhost:3000${photos[2]!.url}`, 'images[o2]': small.url });
    const [first, second] = photosOf(post);
    expect(first).toMatchObject({ url: photos[2]!.url, width: 300, height: 300 });
    expect(second).toMatchObject({ url: small.url, width: 250, height: small.height });
  });

  it('looks up all the photos of a post in one query', async () => {
    const countFor = async (fields: Record<string, string>) => {
      const before = t.queryCount();
      expectOk(await savePost(t.app, ann, { 'post[type]': 'photo', ...fields }));
      return t.queryCount() - before;
    };
    const one = await countFor({ 'images[o1]': photos[0]!.url });
    const three = await countFor({ 'images[o1]': photos[0]!.url, 'images[o2]': photos[1]!.url, 'images[o3]': photos[2]!.url });
    expect(three).toBe(one);
  });

  it("shows someone else's upload without its sizes, and refuses a media address we do not have", async () => {
    const post = await createPost(t.app, bob, { 'post[type]': 'photo', 'images[o1]': photos[1]!.url });
    expect(photosOf(post)[0]).toMatchObject({ url: photos[1]!.url, width: null, height: null });
    const missing = photos[1]!.url.replace(/[0-9a-f]{64}/, 'f'.repeat(64));
    const body = expectError(await savePost(t.app, ann, { 'post[type]': 'photo', 'images[o1]': missing }), 400, /Photo o1 is not a file uploaded here/);
    expect(body.errors![0]).toMatchObject({ field: 'images[o1]' });
  });
});
