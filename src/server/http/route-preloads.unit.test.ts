import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LANDING_PAGE_MODULES, routePreloads } from './route-preloads';

const dirs: string[] = [];
function clientWith(manifest: object | null) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'route-preloads-'));
  dirs.push(dir);
  if (manifest) {
    fs.mkdirSync(path.join(dir, '.vite'));
    fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  }
  return dir;
}
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const MANIFEST = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_shared-B.js'], css: ['assets/index-A.css'] },
  '_shared-B.js': { file: 'assets/shared-B.js' },
  '_feed-C.js': { file: 'assets/feed-C.js', imports: ['_shared-B.js'], css: ['assets/feed-C.css'] },
  'feed/BlogPage.tsx': { file: 'assets/BlogPage-D.js', isDynamicEntry: true, imports: ['_feed-C.js', '_shared-B.js'] },
  'feed/PostPage.tsx': { file: 'assets/PostPage-E.js', isDynamicEntry: true, imports: ['_feed-C.js'] },
};

describe('routePreloads', () => {
  it('names the entry’s styles and scripts first, then a landing page’s, each once, in the mode the page asks for them', () => {
    const preloads = routePreloads(clientWith(MANIFEST));
    expect(preloads('/blog/staff')?.split(', ')).toEqual([
      '</assets/index-A.css>; rel=preload; as=style; crossorigin',
      '</assets/index-A.js>; rel=modulepreload; crossorigin',
      '</assets/shared-B.js>; rel=modulepreload; crossorigin',
      '</assets/feed-C.css>; rel=preload; as=style; crossorigin',
      '</assets/BlogPage-D.js>; rel=modulepreload; crossorigin',
      '</assets/feed-C.js>; rel=modulepreload; crossorigin',
      '</svc/data/tumblelog?tumblelog=staff>; rel=preload; as=fetch; crossorigin',
      '</svc/post/blog/staff/before/0>; rel=preload; as=fetch; crossorigin',
    ]);
    expect(preloads('/blog/staff/post/123/a-slug')).toContain('</assets/PostPage-E.js>; rel=modulepreload; crossorigin');
  });
  it('adds the first answers a blog’s or a post’s page reads, at the client’s addresses', () => {
    const preloads = routePreloads(clientWith(MANIFEST));
    expect(preloads('/blog/st%20aff')?.split(', ').slice(-2)).toEqual([
      '</svc/data/tumblelog?tumblelog=st%20aff>; rel=preload; as=fetch; crossorigin',
      '</svc/post/blog/st%20aff/before/0>; rel=preload; as=fetch; crossorigin',
    ]);
    expect(preloads('/blog/staff/post/123/a-slug')?.split(', ').slice(-2)).toEqual([
      '</svc/post/view/staff/123>; rel=preload; as=fetch; crossorigin',
      '</svc/data/tumblelog?tumblelog=staff>; rel=preload; as=fetch; crossorigin',
    ]);
  });
  it('says nothing for pages it has no chunk for, addresses that are no page, or a build without a manifest', () => {
    const preloads = routePreloads(clientWith(MANIFEST));
    expect(preloads('/settings')).toBeNull();
    expect(preloads('/login')).toBeNull(); // not in this manifest
    expect(preloads('/no/such/page')).toBeNull();
    expect(routePreloads(clientWith(null))('/blog/staff')).toBeNull();
  });
  it('lists the modules the client’s router loads for those pages', () => {
    const router = fs.readFileSync('src/client/app/router.tsx', 'utf8');
    for (const module of Object.values(LANDING_PAGE_MODULES)) {
      const fromRouter = `import('../${module.replace(/\.tsx$/, '')}')`;
      expect(router, module).toContain(fromRouter);
    }
  });
});
