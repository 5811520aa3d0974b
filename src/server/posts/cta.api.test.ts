import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CTA_CODE_MESSAGE } from '../../shared/posts/cta';
import type { PostPage, PostView } from '../../shared/posts/types';
import { blogOf, createPost, page, savePost, textPost } from '../test/posts';
import { countRows, createTestApp, expectError, expectOk, get, register, type Session, type TestApp } from '../test/test-app';

// The call-to-action button: stored by the save, read back by every view as `cta` (issue 15).
let t: TestApp;
let ann: Session;
let bob: Session;
beforeAll(async () => {
  t = await createTestApp();
  ann = await register(t.app);
  bob = await register(t.app);
});
afterAll(() => t.close());

const withCta = (fields: Record<string, unknown>) => ({ ...textPost('Sale'), enable_cta: '1', cta_link_url: 'shop.example.com/sale', ...fields });

describe('POST /svc/post/update: the call-to-action fields', () => {
  it('stores the button and every reader sees its text and link (https: added)', async () => {
    const saved = await createPost(t.app, ann, withCta({ cta_text_code: '1', cta_android_link_url: 'https://play.example.com/app' }));
    const cta = { text_code: 1, text: 'Shop now', link_url: 'https://shop.example.com/sale', android_link_url: 'https://play.example.com/app' };
    expect(saved.cta).toEqual(cta);
    const viewed = expectOk<{ post: PostView }>(await get(t.app, `/svc/post/view/${blogOf(ann)}/${saved.id}`));
    expect(viewed.post.cta).toEqual(cta);
    const blogPage: PostPage = await page(t.app, `/svc/post/blog/${blogOf(ann)}/before/0`, bob);
    expect(blogPage.posts.find((p) => p.id === saved.id)?.cta).toEqual(cta);
  });

  it('code 0 "Learn more" is the default; off, or without a valid link, there is no button', async () => {
    expect((await createPost(t.app, ann, withCta({}))).cta?.text).toBe('Learn more');
    expect((await createPost(t.app, ann, withCta({ enable_cta: '0' }))).cta).toBeNull();
    expect((await createPost(t.app, ann, withCta({ cta_link_url: 'javascript:alert(1)' }))).cta).toBeNull();
    expect((await createPost(t.app, ann, textPost('plain'))).cta).toBeNull();
  });

  it.each([['10'], ['-1'], ['99999999999999999999'], ['1.5']])('cta_text_code %s is a 400 and saves nothing', async (code) => {
    const before = await countRows(t.db);
    const res = await savePost(t.app, ann, withCta({ cta_text_code: code }));
    expectError(res, 400, code === '10' || code === '99999999999999999999' ? CTA_CODE_MESSAGE : /cta_text_code/);
    expect(await countRows(t.db)).toEqual(before);
  });
});
