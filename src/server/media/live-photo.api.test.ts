import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_PHOTO_MESSAGES } from '../../shared/players/constants';
import type { PostView } from '../../shared/posts/types';
import { asOwner, blogOf, createPost, savePost } from '../test/posts';
import { countRows, createTestApp, expectError, expectOk, get, post, register, type Session, type TestApp } from '../test/test-app';
import { ffmpegMp4, ffmpegTools, png, upload } from './test-files';
import type { UploadedMedia } from './views';

// Spec 1 §3 Live photo: a photo item carries the short video made from an uploaded clip (issue 15).
const tools = await ffmpegTools;

describe.skipIf(!tools)('live photos: livephoto[oN] with images[oN]', () => {
  let t: TestApp;
  let ann: Session;
  let bob: Session;
  let clipUrl: string;
  let imageUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    ann = await register(t.app);
    bob = await register(t.app);
    const [clip] = expectOk<UploadedMedia[]>(await upload(t.app, asOwner(ann), { data: await ffmpegMp4(160, 120, 2), field: 'video', filename: 'live.mov' }));
    clipUrl = clip!.url;
    const [image] = expectOk<UploadedMedia[]>(await upload(t.app, asOwner(ann), { data: await png(160, 120), field: 'photo', filename: 'still.png' }));
    imageUrl = image!.url;
  });
  afterAll(() => t.close());

  type Photo = Extract<PostView['content'], { type: 'photo' }>['photos'][number];
  const photos = (p: PostView): Photo[] => (p.content.type === 'photo' ? p.content.photos : []);

  it('stores the video with its photo; every reader sees livephotoUrl and the still time (half the clip)', async () => {
    const saved = await createPost(t.app, ann, { 'post[type]': 'photo', 'images[o1]': imageUrl, 'livephoto[o1]': clipUrl, 'images[o2]': 'https://example.com/b.jpg' });
    const [live, plain] = photos(saved);
    expect(live!.livephotoUrl).toMatch(/^\/media\//);
    expect(live!.livephotoStillTime).toBeCloseTo(1, 0);
    expect(plain!.livephotoUrl).toBeUndefined();
    const viewed = expectOk<{ post: PostView }>(await get(t.app, `/svc/post/view/${blogOf(ann)}/${saved.id}`, asOwner(bob)));
    expect(photos(viewed.post)[0]!.livephotoUrl).toBe(live!.livephotoUrl);
  });

  it('the edit form gets livephoto[oN] back as sent, and saving it again keeps the live photo', async () => {
    const saved = await createPost(t.app, ann, { 'post[type]': 'photo', 'images[o1]': imageUrl, 'livephoto[o1]': clipUrl });
    const form = expectOk<{ source: { extra: Record<string, string> } }>(await post(t.app, '/svc/post/fetch', { post_id: saved.id }, asOwner(ann)));
    expect(form.source.extra['livephoto[o1]']).toBe(clipUrl);
    const edited = expectOk<{ created_post: PostView }>(await savePost(t.app, ann, { post_id: saved.id, 'post[type]': 'photo', ...form.source.extra }));
    expect(photos(edited.created_post)[0]!.livephotoUrl).toBe(photos(saved)[0]!.livephotoUrl);
  });

  it.each([
    ['someone else’s upload', () => ({ who: 'bob', fields: { 'images[o1]': 'https://example.com/a.jpg', 'livephoto[o1]': clipUrl } }), LIVE_PHOTO_MESSAGES.notUploaded('o1')],
    ['an image instead of a video', () => ({ who: 'ann', fields: { 'images[o1]': imageUrl, 'livephoto[o1]': imageUrl } }), LIVE_PHOTO_MESSAGES.notUploaded('o1')],
    ['an address from elsewhere', () => ({ who: 'ann', fields: { 'images[o1]': imageUrl, 'livephoto[o1]': 'https://evil.example/x.mp4' } }), LIVE_PHOTO_MESSAGES.notUploaded('o1')],
    ['no photo for it', () => ({ who: 'ann', fields: { 'images[o1]': imageUrl, 'livephoto[o2]': clipUrl } }), 'Live photo o2 has no photo: send images[o2] with it.'],
  ])('%s: 400 with a message, nothing saved', async (_name, make, message) => {
    const { who, fields } = make();
    const before = await countRows(t.db);
    expectError(await savePost(t.app, who === 'bob' ? bob : ann, { 'post[type]': 'photo', ...fields }), 400, message);
    expect(await countRows(t.db)).toEqual(before);
  });

  it('refuses a clip longer than a moment', async () => {
    const [long] = expectOk<UploadedMedia[]>(await upload(t.app, asOwner(ann), { data: await ffmpegMp4(160, 120, 12), field: 'video', filename: 'long.mp4' }));
    expectError(await savePost(t.app, ann, { 'post[type]': 'photo', 'images[o1]': imageUrl, 'livephoto[o1]': long!.url }), 400, LIVE_PHOTO_MESSAGES.tooLong('o1'));
  });
});
