import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostView } from '../../shared/posts/types';
import { asOwner, createPost, textPost } from '../test/posts';
import { createTestApp, get, register, type Session, type TestApp } from '../test/test-app';
import { createHash } from 'node:crypto';
import { EMBED_CSP, RESIZE_SCRIPT } from './embed-page';

let t: TestApp;
let ann: Session;

beforeAll(async () => {
  t = await createTestApp();
  ann = await register(t.app);
});
afterAll(() => t.close());

const embedPath = (p: PostView, key = p.reblog_key) => `/embed/post/${p.blog.name}/${p.id}?key=${encodeURIComponent(key)}`;

function expectEmbedHeaders(res: Awaited<ReturnType<typeof get>>) {
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers['content-security-policy']).toBe(EMBED_CSP);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  // It is made to be framed by other sites, and needs no session.
  expect(res.headers['x-frame-options']).toBeUndefined();
  expect(res.headers['set-cookie']).toBeUndefined();
}

function expectNoScript(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:/i);
}

describe('the embed page CSP', () => {
  it('lets no script run but its own resize message (by its hash), and any site frame it', () => {
    const directives = EMBED_CSP.split('; ');
    expect(directives).toContain("default-src 'none'");
    expect(directives.filter((d) => d.startsWith('script-src'))).toEqual([`script-src 'sha256-${createHash('sha256').update(RESIZE_SCRIPT).digest('base64')}'`]);
    expect(directives).toContain("style-src 'unsafe-inline'");
    expect(directives).toContain('frame-ancestors *');
    expect(directives).toContain("base-uri 'none'");
    expect(directives).toContain("form-action 'none'");
  });
});

describe('GET /embed/post/{blog}/{post_id}', () => {
  it.each([
    ['text', { 'post[one]': 'Hello embed', 'post[two]': '<p>World <b>bold</b></p>' }, ['<h2>Hello embed</h2>', '<b>bold</b>']],
    ['photo', { 'images[o1]': 'https://example.com/a.jpg', 'caption[o1]': 'A & B', 'post[two]': '<p>Caption here</p>' },
      ['<img src="https://example.com/a.jpg"', 'A &amp; B', 'Caption here']],
    ['quote', { 'post[one]': 'To be or not', 'post[two]': 'Hamlet', 'is_rich_text[two]': '0' }, ['<blockquote', 'To be or not', 'Hamlet']],
    ['link', { 'post[one]': 'A site', 'post[two]': 'https://example.com/page', 'post[three]': '<p>Worth a look</p>', author: 'Au' },
      ['href="https://example.com/page"', 'A site', 'By Au', 'Worth a look']],
    ['chat', { 'post[one]': 'Talk', 'post[two]': 'Ann: hi <there>\nBob: hello' }, ['<strong>Ann:</strong> hi &lt;there&gt;', '<strong>Bob:</strong> hello']],
    ['audio', { 'post[one]': 'https://example.com/song.mp3', 'post[two]': '<p>Listen</p>', 'id3_tags[title]': 'Song' },
      ['<audio controls preload="none" src="https://example.com/song.mp3"', 'Song', 'Listen']],
    ['video', { 'post[one]': 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'post[two]': '<p>Watch</p>' },
      ['<iframe sandbox="allow-scripts allow-same-origin allow-presentation allow-popups" loading="lazy" src="https://www.youtube.com/embed/dQw4w9WgXcQ', 'Watch']],
    ['note', { 'post[one]': 'Why & how "blue"?', 'post[two]': '<p>Because.</p>' }, ['Anonymous asked:', 'Why &amp; how &quot;blue&quot;?', 'Because.']],
  ])('renders a %s post with the blog and a link to the post', async (type, fields, expected) => {
    const p = await createPost(t.app, ann, { 'post[type]': type, 'post[tags]': 'one, two', ...fields });
    const res = await get(t.app, embedPath(p));
    expect(res.statusCode, res.body).toBe(200);
    expectEmbedHeaders(res);
    const html = res.body;
    expect(html).toMatch(/^<!doctype html>/);
    for (const piece of expected) expect(html).toContain(piece);
    expect(html).toContain(`href="${p.post_url}"`);
    expect(html).toContain(`>${p.blog.name}</a>`);
    expect(html).toContain(`<img src="${p.blog.avatar_url}"`);
    expect(html).toContain('#one #two');
    expectNoScript(html);
  });

  it('tells the framing page a photo set\'s size: the one hashed script, the post id on the body', async () => {
    const set = await createPost(t.app, ann, { 'post[type]': 'photo', 'images[o1]': 'https://example.com/a.jpg', 'images[o2]': 'https://example.com/b.jpg', 'post[two]': '<p>Two</p>' });
    const html = (await get(t.app, embedPath(set))).body;
    expect(html).toContain(`<body data-post-id="${set.id}">`);
    expect(html.match(/<script>(.*?)<\/script>/g)).toEqual([`<script>${RESIZE_SCRIPT}</script>`]);
    expect(RESIZE_SCRIPT).toContain("parent.postMessage({type:'tumbleweed:resize',post_id:id,width:p.offsetWidth");
  });

  it('shows no script from a post, written through the form or put straight into the database', async () => {
    const p = await createPost(t.app, ann, textPost('XSS', '<p>hi</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a>'));
    const written = await get(t.app, embedPath(p));
    expect(written.statusCode).toBe(200);
    expectNoScript(written.body);
    // Sanitizing on write is the main defence; the page sanitizes again, should a row ever hold worse.
    const content = { type: 'text', title: '<script>alert(4)</script>', body_html: '<script>alert(5)</script><p onclick="alert(6)">tap</p><iframe src="https://evil.example/x"></iframe>' };
    await t.db.updateTable('posts').set({ content: JSON.stringify(content) }).where('id', '=', p.id).execute();
    const tampered = await get(t.app, embedPath(p));
    expect(tampered.statusCode).toBe(200);
    expectNoScript(tampered.body);
    expect(tampered.body).toContain('&lt;script&gt;alert(4)&lt;/script&gt;');
    expect(tampered.body).toContain('<p>tap</p>');
    expect(tampered.body).not.toContain('evil.example');
  });

  it('renders a reblog with its trail', async () => {
    const bob = await register(t.app);
    const original = await createPost(t.app, ann, textPost('Original words'));
    const reblog = await createPost(t.app, bob, { reblog_post_id: original.id, reblog_key: original.reblog_key, 'post[two]': '<p>Bob adds this</p>' });
    const res = await get(t.app, embedPath(reblog));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Original words');
    expect(res.body).toContain('Bob adds this');
    expect(res.body).toContain(`>${ann.body.response.user.primary}</a>`);
  });

  it('answers a 404 page, with the same headers, without the right key or for a post others cannot see', async () => {
    const p = await createPost(t.app, ann, textPost('Keyed'));
    const priv = await createPost(t.app, ann, { ...textPost('Mine only'), 'post[state]': 'private' });
    const draft = await createPost(t.app, ann, { ...textPost('Draft'), 'post[state]': '1' });
    const misses = [
      embedPath(p, 'wrong-key'),
      `/embed/post/${p.blog.name}/${p.id}`,
      `/embed/post/someone-else/${p.id}?key=${p.reblog_key}`,
      `/embed/post/${p.blog.name}/999999999?key=x`,
      `/embed/post/${p.blog.name}/not-an-id?key=x`,
      embedPath(priv),
      embedPath(draft),
    ];
    for (const path of misses) {
      const res = await get(t.app, path);
      expect(res.statusCode, path).toBe(404);
      expectEmbedHeaders(res);
      expect(res.body).toContain('This post is not available.');
      expect(res.body).not.toContain('Mine only');
    }
    // Even its owner, logged in, does not get a private post here: the page is for other sites.
    expect((await get(t.app, embedPath(priv), asOwner(ann))).statusCode).toBe(404);
  });

  it('stops showing a post once it is made private', async () => {
    const p = await createPost(t.app, ann, textPost('Soon private'));
    expect((await get(t.app, embedPath(p))).statusCode).toBe(200);
    await t.db.updateTable('posts').set({ is_private: true }).where('id', '=', p.id).execute();
    expect((await get(t.app, embedPath(p))).statusCode).toBe(404);
  });
});
