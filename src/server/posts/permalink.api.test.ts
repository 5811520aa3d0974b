import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostView } from '../../shared/posts/types';
import { asOwner, blogOf, createPost, textPost } from '../test/posts';
import { createTestApp, expectError, expectOk, get, register, type Session, type TestApp } from '../test/test-app';

const INDEX_HTML = '<!doctype html><title>Tumbleweed</title><div id="root"></div>';

let t: TestApp;
let clientDir: string;
let ann: Session;
let bob: Session;
let annPost: PostView;
let annDraft: PostView;
let annPrivate: PostView;

beforeAll(async () => {
  // A stand-in for the built client, so that the app serves pages as it does in production.
  clientDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tumbleweed-client-'));
  await fs.writeFile(path.join(clientDir, 'index.html'), INDEX_HTML);
  t = await createTestApp({ clientDir });
  ann = await register(t.app);
  bob = await register(t.app);
  annPost = await createPost(t.app, ann, textPost('Sunset over the bay'));
  annDraft = await createPost(t.app, ann, { ...textPost('Not yet'), 'post[state]': '1' });
  annPrivate = await createPost(t.app, ann, { ...textPost('Just for me'), 'post[state]': 'private' });
});
afterAll(async () => {
  await t.close();
  await fs.rm(clientDir, { recursive: true, force: true });
});

const viewPath = (p: PostView, blog = p.blog.name) => `/svc/post/view/${blog}/${p.id}`;
const pathOf = (url: string) => new URL(url).pathname;

describe('GET /svc/post/view/{blog}/{post_id}', () => {
  it('answers a published post to a logged-out visitor and to others', async () => {
    for (const as of [{}, asOwner(bob)]) {
      const { post } = expectOk<{ post: PostView }>(await get(t.app, viewPath(annPost), as));
      expect(post).toMatchObject({ id: annPost.id, post_url: annPost.post_url, is_mine: false, state_name: 'published' });
    }
  });

  it("answers the owner's own draft and private post to the owner only", async () => {
    for (const p of [annDraft, annPrivate]) {
      expect(expectOk<{ post: PostView }>(await get(t.app, viewPath(p), asOwner(ann))).post.is_mine).toBe(true);
      expectError(await get(t.app, viewPath(p), asOwner(bob)), 404);
      expectError(await get(t.app, viewPath(p)), 404);
    }
  });

  it('is a 404 for an unknown post, a post under another blog name, and ids that are no post id', async () => {
    expectError(await get(t.app, `/svc/post/view/${blogOf(ann)}/1`), 404);
    expectError(await get(t.app, viewPath(annPost, blogOf(bob))), 404);
    for (const id of ['abc', '9999999999999999999', '18446744073709551616', '-1']) {
      expectError(await get(t.app, `/svc/post/view/${blogOf(ann)}/${id}`), 404);
    }
  });
});

describe("pages: the status the client's index.html is served with", () => {
  const page = (url: string, s?: Session) => get(t.app, url, s ? asOwner(s) : {});
  const expectPage = async (url: string, status: number, s?: Session) => {
    const res = await page(url, s);
    expect({ url, status: res.statusCode }).toEqual({ url, status });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(INDEX_HTML);
  };

  it("answers 200 for a post's permalink, with or without its slug, logged out too", async () => {
    await expectPage(pathOf(annPost.post_url), 200);
    await expectPage(`/blog/${blogOf(ann)}/post/${annPost.id}`, 200, bob);
    await expectPage(`${pathOf(annPost.post_url)}?source=share`, 200);
  });

  it('answers 404 for an unknown or hidden post, shown by the client as not found', async () => {
    await expectPage(`/blog/${blogOf(ann)}/post/12345`, 404);
    await expectPage(`/blog/${blogOf(bob)}/post/${annPost.id}`, 404);
    await expectPage(pathOf(annDraft.post_url), 404);
    await expectPage(pathOf(annDraft.post_url), 404, bob);
    await expectPage(pathOf(annDraft.post_url), 200, ann);
    await expectPage(`/blog/${blogOf(ann)}/post/99999999999999999999`, 404);
  });

  it('answers 200 for the pages of the client and 404 for paths no client route matches', async () => {
    for (const url of ['/dashboard', '/login', '/new/text', `/blog/${blogOf(ann)}`, `/blog/${blogOf(ann)}/drafts`, '/settings', '/follow/x']) {
      await expectPage(url, 200);
    }
    for (const url of ['/nothing/here', '/dashboards', '/blog', `/blog/${blogOf(ann)}/likes`, '/wp-login.php', '/blog/nobody-at-all']) {
      await expectPage(url, 404);
    }
  });

  it('answers junk in a page path with a 4xx, never a 500', async () => {
    for (const junk of ['123456789012345678901234567890', '%00', "x'--", '-1', 'a'.repeat(300), '%E0%A4%A', '%ED%A0%80']) {
      for (const [url, as] of [[`/blog/${junk}/post/${junk}/${junk}`, undefined], [`/blog/${blogOf(ann)}/post/${junk}`, ann], [`/blog/${junk}`, undefined]] as const) {
        const res = await page(url, as);
        // A NUL (the NUL guard) or percent-encoding that is no UTF-8 (Fastify) is a 400; the rest are no such page.
        expect({ url, status: res.statusCode }).toEqual({ url, status: ['%00', '%E0%A4%A', '%ED%A0%80'].includes(junk) ? 400 : 404 });
      }
    }
  });

  it("reads a post page's status in a handful of queries, and a plain page in none", async () => {
    const before = t.queryCount();
    await expectPage(pathOf(annPost.post_url), 200, bob);
    const forPost = t.queryCount() - before;
    await expectPage('/dashboard', 200);
    // The session lookup is all a page without a subject costs; a post adds its visibility and view.
    expect(t.queryCount() - before - forPost).toBeLessThanOrEqual(1);
    // 7 today: the session, the post and its blog, the block check, and the view's hydration.
    expect(forPost).toBeLessThanOrEqual(8);
  });

  it('keeps JSON 404s for unknown API paths', async () => {
    expectError(await get(t.app, '/svc/nothing'), 404);
  });
});
