import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png, upload } from '../media/test-files';
import { EMBED_PROVIDER_ORIGINS } from '../content/embeds';
import { EMBED_CSP } from '../share/embed-page';
import { asOwner, createPost, textPost } from '../test/posts';
import { createTestApp, get, register, type Session, type TestApp } from '../test/test-app';

let t: TestApp;
let ann: Session;
let clientDir: string;

beforeAll(async () => {
  // A built client in miniature: what the server does with it does not depend on what it says.
  clientDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tumbleweed-client-'));
  await fs.mkdir(path.join(clientDir, 'assets'));
  await fs.writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>Tumbleweed</title><script type="module" src="/assets/index-abc.js"></script>');
  await fs.writeFile(path.join(clientDir, 'assets', 'index-abc.js'), 'export {};');
  t = await createTestApp({ clientDir });
  ann = await register(t.app);
});
afterAll(async () => {
  await t.close();
  await fs.rm(clientDir, { recursive: true, force: true });
});

const directives = (policy: unknown) => String(policy).split('; ');

describe('the pages of the client', () => {
  it.each([['/'], ['/dashboard'], ['/blog/someone'], ['/settings'], ['/no/such/page'], ['/index.html']])('%s carries the page policy and the other protections', async (url) => {
    const res = await get(t.app, url, asOwner(ann));
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const policy = directives(res.headers['content-security-policy']);
    expect(policy).toContain("frame-ancestors 'none'");
    // Scripts from the site's own files only: no inline script, no eval, no other host.
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets posts frame the allowed players and this site, and nothing else', async () => {
    const frameSrc = directives((await get(t.app, '/dashboard')).headers['content-security-policy']).find((d) => d.startsWith('frame-src '));
    expect(frameSrc!.split(' ').slice(1).sort()).toEqual(["'self'", ...EMBED_PROVIDER_ORIGINS].sort());
    expect(EMBED_PROVIDER_ORIGINS).toContain('https://www.youtube.com');
  });
});

describe('the embed page', () => {
  it('keeps its own policy: any site may frame it, and no script runs', async () => {
    const post = await createPost(t.app, ann, textPost('Framed elsewhere'));
    for (const url of [`/embed/post/${post.blog.name}/${post.id}?key=${encodeURIComponent(post.reblog_key)}`, `/embed/post/${post.blog.name}/1`]) {
      const res = await get(t.app, url);
      expect(res.headers['content-security-policy']).toBe(EMBED_CSP);
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });
});

describe('every other answer', () => {
  it('is never sniffed: JSON, errors, built files and media', async () => {
    const item = await upload(t.app, asOwner(ann), { data: await png(40, 30) });
    const mediaUrl = (item.json() as { response: { url: string }[] }).response[0]!.url;
    for (const url of ['/svc/user/info', '/svc/no/such/route', '/healthz', '/assets/index-abc.js', mediaUrl, '/svc/avatar/nobody-here/64']) {
      const res = await get(t.app, url, asOwner(ann));
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      // Not pages: the page policy is for HTML.
      expect(res.headers['x-frame-options'], url).toBeUndefined();
    }
  });
});
