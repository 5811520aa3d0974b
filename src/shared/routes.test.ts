import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES, inAppHref, matchPageRoute, pagePaths } from './routes';

// Addresses a person could type: pages, near misses and junk.
const SAMPLES = [
  '/', '/login', '/LOGIN', '/login/', '/login/x', '/dashboard', '/dashboard/', '/dashboards', '/new/text', '/new', '/new/text/x',
  '/edit/123', '/reblog/1/abc', '/reblog/1', '/blog/ann', '/blog/ann/', '/blog', '/blog/ann/post/123', '/blog/ann/post/123/a-slug',
  '/blog/ann/post/123/a-slug/x', '/blog/ann/post', '/blog/ann/drafts', '/blog/ann/drafts/new/photo', '/blog/ann/queue',
  '/blog/ann/queue/new/quote', '/blog/ann/activity', '/blog/ann/settings', '/blog/ann/likes', '/settings', '/following',
  '/admin/reports', '/admin', '/follow/ann', '/blog/ann/ask', '/blog/ann/submit', '/blog/ann/submit/photo', '/blog/ann/submit/photo/x', '/blog/ann/inbox', '/follow', '/nothing/here', '/wp-admin/setup.php', '/blog/an%20n', '//x',
];

describe('matchPageRoute', () => {
  it('agrees with React Router on every pattern, so the server and the router know the same pages', () => {
    for (const pathname of SAMPLES) {
      const routerMatch = Object.entries(PAGE_ROUTES).find(([, path]) => matchPath({ path, end: true, caseSensitive: false }, pathname));
      const ours = matchPageRoute(pathname);
      expect({ pathname, route: ours?.route ?? null }).toEqual({ pathname, route: routerMatch?.[0] ?? null });
      if (routerMatch && ours) {
        const params = matchPath({ path: routerMatch[1], end: true }, pathname.toLowerCase())?.params ?? {};
        // The router hands pages decoded params (useParams); matchPath alone leaves them encoded.
        const defined = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined).map(([k, v]) => [k, decodeURIComponent(v!)]));
        expect(Object.fromEntries(Object.entries(ours.params).map(([k, v]) => [k, v.toLowerCase()]))).toEqual(defined);
      }
    }
  });

  it('reads the post page with and without its slug', () => {
    expect(matchPageRoute('/blog/ann/post/42/hello-there')).toEqual({ route: 'post', params: { name: 'ann', postId: '42', slug: 'hello-there' } });
    expect(matchPageRoute('/blog/ann/post/42')).toEqual({ route: 'post', params: { name: 'ann', postId: '42' } });
  });

  it('builds the paths it matches', () => {
    expect(matchPageRoute(pagePaths.post('ann', { id: '7', slug: 'hi' }))?.route).toBe('post');
    expect(matchPageRoute(pagePaths.blog('ann'))?.route).toBe('blog');
  });
});

describe('inAppHref', () => {
  it('keeps the path of a page address built from PUBLIC_URL, whatever its host', () => {
    expect(inAppHref('http://localhost:3000/blog/ann')).toBe('/blog/ann');
    expect(inAppHref('https://tumbleweed.example/blog/ann/post/7/hi?x=1#notes')).toBe('/blog/ann/post/7/hi?x=1#notes');
  });

  it('leaves alone what is no page of the app', () => {
    expect(inAppHref('http://localhost:3000/svc/avatar/ann/64')).toBe('http://localhost:3000/svc/avatar/ann/64');
    expect(inAppHref('mailto:ann@example.com')).toBe('mailto:ann@example.com');
    expect(inAppHref('/blog/ann')).toBe('/blog/ann');
    expect(inAppHref('')).toBe('');
  });
});
