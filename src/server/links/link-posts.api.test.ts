import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostFormSource, PostView, SaveResponse } from '../../shared/posts/types';
import { asOwner, createPost, savePost } from '../test/posts';
import { countRows, createTestApp, expectError, expectOk, post, register, type Session, type TestApp } from '../test/test-app';
import { THUMBNAIL_MESSAGES } from './thumbnail';

let t: TestApp;
let ann: Session;
beforeAll(async () => {
  t = await createTestApp();
  ann = await register(t.app);
});
afterAll(() => t.close());

const link = (fields: Record<string, unknown> = {}) => ({
  'post[type]': 'link', 'post[one]': 'A page', 'post[two]': 'https://news.example/story', excerpt: 'What it says', author: 'Ann Lee', ...fields,
});
const thumbnailOf = (p: PostView) => (p.content.type === 'link' ? p.content.thumbnail : undefined);

async function sourceOf(id: string): Promise<PostFormSource> {
  return expectOk<{ source: PostFormSource }>(await post(t.app, '/svc/post/fetch', { post_id: id }, asOwner(ann))).source;
}

describe('POST /svc/post/update: a link post keeps the thumbnail chosen', () => {
  it('stores an http(s) thumbnail with the excerpt and author, and gives it back to the form', async () => {
    const p = await createPost(t.app, ann, link({ thumbnail: 'https://cdn.example/lead.jpg' }));
    expect(p.content).toMatchObject({ excerpt: 'What it says', author: 'Ann Lee', thumbnail: 'https://cdn.example/lead.jpg' });
    expect((await sourceOf(p.id)).extra).toMatchObject({ thumbnail: 'https://cdn.example/lead.jpg', excerpt: 'What it says', author: 'Ann Lee' });
  });

  it('has none when none is sent', async () => {
    expect(thumbnailOf(await createPost(t.app, ann, link()))).toBeNull();
  });

  it('drops it on remove_thumbnail, even when one is sent', async () => {
    const p = await createPost(t.app, ann, link({ thumbnail: 'https://cdn.example/a.jpg' }));
    const edited = expectOk<SaveResponse>(await savePost(t.app, ann, link({ post_id: p.id, thumbnail: 'https://cdn.example/a.jpg', remove_thumbnail: '1' })));
    expect(thumbnailOf(edited.created_post)).toBeNull();
    expect((await sourceOf(p.id)).extra.thumbnail).toBe('');
  });

  it('replaces it on edit like the rest of the content', async () => {
    const p = await createPost(t.app, ann, link({ thumbnail: 'https://cdn.example/a.jpg' }));
    const edited = expectOk<SaveResponse>(await savePost(t.app, ann, link({ post_id: p.id, thumbnail: 'https://cdn.example/b.jpg' })));
    expect(thumbnailOf(edited.created_post)).toBe('https://cdn.example/b.jpg');
  });

  it.each([
    ['javascript:alert(1)', THUMBNAIL_MESSAGES.notWeb],
    ['data:image/png;base64,AAAA', THUMBNAIL_MESSAGES.notWeb],
    ['/relative.png', THUMBNAIL_MESSAGES.notWeb],
    ['https://user:pw@cdn.example/a.jpg', THUMBNAIL_MESSAGES.notWeb],
    ['http://127.0.0.1/a.png', THUMBNAIL_MESSAGES.private],
    ['http://[::1]/a.png', THUMBNAIL_MESSAGES.private],
    ['http://localhost:3000/a.png', THUMBNAIL_MESSAGES.private],
    [`https://cdn.example/${'a'.repeat(2000)}.png`, THUMBNAIL_MESSAGES.tooLong],
  ])('refuses the thumbnail %s and saves nothing', async (thumbnail, message) => {
    const before = await countRows(t.db);
    const body = expectError(await savePost(t.app, ann, link({ thumbnail })), 400, message);
    expect(body.errors?.[0]).toMatchObject({ field: 'thumbnail' });
    expect(await countRows(t.db)).toEqual(before);
  });

  it('says what type remove_thumbnail and thumbnail must be', async () => {
    expectError(await savePost(t.app, ann, link({ remove_thumbnail: 'maybe' })), 400, 'Invalid "remove_thumbnail" type. Expected boolean, got string');
    expectError(await savePost(t.app, ann, link({ thumbnail: ['https://cdn.example/a.jpg'] })), 400, 'Invalid "thumbnail" type. Expected string, got array');
  });

  it('accepts a form-encoded save with the same names', async () => {
    const bob = await register(t.app);
    const form = new URLSearchParams({ ...link({ thumbnail: 'https://cdn.example/form.jpg' }), channel_id: bob.body.response.user.primary });
    const saved = expectOk<SaveResponse>(await post(t.app, '/svc/post/update', form, asOwner(bob)));
    expect(thumbnailOf(saved.created_post)).toBe('https://cdn.example/form.jpg');
  });
});
