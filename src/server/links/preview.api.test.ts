import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkPreview } from '../../shared/links/preview';
import { asOwner } from '../test/posts';
import { createTestApp, expectError, expectOk, post, register, siblingApp, type Session, type TestApp } from '../test/test-app';
import { createSafeFetcher, FETCH_MAX_BYTES, FETCH_MESSAGES } from './safe-fetch';

const PREVIEW = '/svc/link/preview';
const REFUSED = 'That address points inside a private network, so we will not fetch it.';

// A site on 127.0.0.1 for the fetcher to read, started and stopped by this file.
let site: http.Server;
let port = 0;
let base = '';
const cookiesSeen: (string | undefined)[] = [];
let countedHits = 0;

const html = (head: string, body = '<p>Body</p>') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

const PAGES: Record<string, (req: http.IncomingMessage, res: http.ServerResponse) => void> = {
  '/og': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html(`<title>Plain title</title>
      <meta property="og:title" content="The OG title">
      <meta property="og:description" content="An OG description, &amp; more.">
      <meta property="og:image" content="/images/lead.jpg">
      <meta property="og:site_name" content="Local News">
      <meta property="article:author" content="Ann Lee">`));
  },
  '/twitter': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/xhtml+xml' });
    res.end(html(`<meta name="twitter:card" content="summary"><meta name="twitter:title" content="Tweeted title">
      <meta name="twitter:description" content="Tweeted words"><meta name="twitter:image" content="https://cdn.example/tw.png">
      <meta name="twitter:creator" content="@ann">`));
  },
  '/title-only': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(html('<title>  Only a\n title  </title><meta name="description" content="<b>Described</b> plainly">'));
  },
  '/nothing': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<p>No head</p>');
  },
  '/to-private': (_req, res) => {
    res.writeHead(302, { location: 'http://10.0.0.1/admin' });
    res.end();
  },
  '/to-localhost': (_req, res) => {
    res.writeHead(301, { location: `http://localhost:${port}/og` });
    res.end();
  },
  '/to-metadata': (_req, res) => {
    res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data' });
    res.end();
  },
  '/to-file': (_req, res) => {
    res.writeHead(302, { location: 'file:///etc/passwd' });
    res.end();
  },
  '/slow': () => {
    // Never answers; the connection is closed when the site stops.
  },
  '/big': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.write(`<html><head><meta property="og:title" content="Big page"></head><body>`);
    res.end(`<p>${'x'.repeat(2 * 1024 * 1024)}</p><meta property="og:description" content="Past the first megabyte"></body></html>`);
  },
  '/cookie-start': (req, res) => {
    cookiesSeen.push(req.headers.cookie);
    res.writeHead(302, { location: '/cookie-end', 'set-cookie': 'sid=secret; Path=/' });
    res.end();
  },
  '/cookie-end': (req, res) => {
    cookiesSeen.push(req.headers.cookie);
    res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': 'other=1' });
    res.end(html('<title>After the cookie</title>'));
  },
  '/image.png': (_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  },
  '/gzip': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
    res.end(zlib.gzipSync(html('<meta property="og:title" content="Squeezed">')));
  },
  '/latin1': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' });
    res.end(Buffer.from(html('<title>Caf\xe9 cr\xe8me</title>'), 'latin1'));
  },
  '/missing': (_req, res) => {
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end(html('<title>Not here</title>'));
  },
  '/counted': (_req, res) => {
    countedHits++;
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(html('<title>Counted</title>'));
  },
};

function route(req: http.IncomingMessage, res: http.ServerResponse) {
  const path = (req.url ?? '/').split('?')[0]!;
  const hop = /^\/hop\/(\d+)$/.exec(path);
  if (hop) {
    const left = Number(hop[1]);
    // Relative Locations: the fetcher resolves them against the page it is on.
    res.writeHead(302, { location: left > 1 ? `/hop/${left - 1}` : '/og' });
    res.end();
    return;
  }
  const page = PAGES[path];
  if (page) return page(req, res);
  res.writeHead(404);
  res.end();
}

let t: TestApp;
let bare: FastifyInstance | null = null;
let ann: Session;

beforeAll(async () => {
  site = http.createServer(route);
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  port = (site.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({ fetchAllowHosts: [`127.0.0.1:${port}`], fetchTimeoutMs: 1500 });
  ann = await register(t.app);
});

afterAll(async () => {
  await bare?.close();
  await t.close();
  site.closeAllConnections();
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

const preview = (url: unknown, as = asOwner(ann)) => post(t.app, PREVIEW, { url }, as);

describe('POST /svc/link/preview: who may call it', () => {
  it('needs a login (401 without a session, form key or not)', async () => {
    expectError(await post(t.app, PREVIEW, { url: `${base}/og` }), 401, 'You need to log in to do that.');
    expectError(await post(t.app, PREVIEW, { url: `${base}/og` }, { formKey: 'x' }), 401, 'You need to log in to do that.');
  });

  it('needs the form key', async () => {
    expectError(await post(t.app, PREVIEW, { url: `${base}/og` }, { cookie: ann.cookie }), 403);
  });
});

describe('POST /svc/link/preview: input', () => {
  it.each([[undefined], [''], ['   '], [null]])('answers No url. for %j', async (url) => {
    const body = expectError(await preview(url), 400, 'No url.');
    expect(body.errors?.[0]).toMatchObject({ field: 'url' });
  });

  it.each(['example.com', 'ftp://example.com/', 'javascript:alert(1)', 'http://'])('answers Not a valid URL for %s', async (url) => {
    expectError(await preview(url), 400, 'Not a valid URL');
  });

  it('answers Not a valid URL for an address over 2000 characters', async () => {
    expectError(await preview(`https://example.com/${'a'.repeat(2000)}`), 400, 'Not a valid URL');
  });

  it('says what type the url must be', async () => {
    expectError(await preview(['http://a.example/']), 400, 'Invalid "url" type. Expected string, got array');
  });
});

describe('POST /svc/link/preview: what a page says', () => {
  it('reads OpenGraph tags, resolving the image against the page', async () => {
    const answer = expectOk<LinkPreview>(await preview(`${base}/og`));
    expect(answer).toEqual({
      url: `${base}/og`, title: 'The OG title', description: 'An OG description, & more.', author: 'Ann Lee', site_name: 'Local News',
      thumbnail: `${base}/images/lead.jpg`, unsupported: false, embed_render_context: null, preview_iframe: null, embed_code: null,
    });
  });

  it('reads Twitter card tags (and xhtml)', async () => {
    expect(expectOk<LinkPreview>(await preview(`${base}/twitter`))).toMatchObject({
      title: 'Tweeted title', description: 'Tweeted words', thumbnail: 'https://cdn.example/tw.png', author: '@ann', site_name: null,
    });
  });

  it('falls back to <title> and the meta description, as plain text', async () => {
    expect(expectOk<LinkPreview>(await preview(`${base}/title-only`))).toMatchObject({
      title: 'Only a title', description: 'Described plainly', thumbnail: null, unsupported: false,
    });
  });

  it('says unsupported when the page gives nothing', async () => {
    expect(expectOk<LinkPreview>(await preview(`${base}/nothing`))).toMatchObject({ title: null, unsupported: true });
  });

  it('decodes gzip and the charset the server names', async () => {
    expect(expectOk<LinkPreview>(await preview(`${base}/gzip`)).title).toBe('Squeezed');
    expect(expectOk<LinkPreview>(await preview(`${base}/latin1`)).title).toBe('Café crème');
  });

  it('takes a link to an image as its thumbnail without reading it', async () => {
    expect(expectOk<LinkPreview>(await preview(`${base}/image.png`))).toMatchObject({ thumbnail: `${base}/image.png`, unsupported: false });
  });

  it('reads the head of a 2 MB page from its first megabyte', async () => {
    const answer = expectOk<LinkPreview>(await preview(`${base}/big`));
    expect(answer).toMatchObject({ title: 'Big page', description: null });
    const page = await createSafeFetcher({ allowHosts: [`127.0.0.1:${port}`] }).fetch(`${base}/big`);
    expect(page.body.length).toBe(FETCH_MAX_BYTES);
    expect(page.truncated).toBe(true);
  });

  it('keeps a preview for a few minutes: the same address is fetched once', async () => {
    const before = countedHits;
    expectOk(await preview(`${base}/counted`));
    expectOk(await preview(`${base}/counted`));
    expect(countedHits - before).toBe(1);
  });

  it('answers the site error as a 502', async () => {
    expectError(await preview(`${base}/missing`), 502, FETCH_MESSAGES.status(404));
  });
});

describe('POST /svc/link/preview: redirects', () => {
  it('follows five redirects', async () => {
    const answer = expectOk<LinkPreview>(await preview(`${base}/hop/5`));
    expect(answer).toMatchObject({ url: `${base}/og`, title: 'The OG title' });
  });

  it('stops at the sixth', async () => {
    expectError(await preview(`${base}/hop/6`), 502, FETCH_MESSAGES.redirects);
  });

  it.each(['/to-private', '/to-localhost', '/to-metadata'])('refuses %s although the first host was allowed', async (path) => {
    const body = expectError(await preview(`${base}${path}`), 400, REFUSED);
    expect(body.errors?.[0]).toMatchObject({ code: 6001, field: 'url' });
  });

  it('refuses a redirect to another scheme', async () => {
    expectError(await preview(`${base}/to-file`), 400, FETCH_MESSAGES.scheme);
  });

  it('sends no cookie, not even the one a redirect set', async () => {
    cookiesSeen.length = 0;
    expect(expectOk<LinkPreview>(await preview(`${base}/cookie-start`)).title).toBe('After the cookie');
    expect(cookiesSeen).toEqual([undefined, undefined]);
  });
});

describe('POST /svc/link/preview: time and the allowance', () => {
  it('gives up on a page that takes too long', async () => {
    const started = Date.now();
    const body = expectError(await preview(`${base}/slow`), 504, 'The page took too long to answer.');
    expect(body.errors?.[0]).toMatchObject({ code: 6002 });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses 127.0.0.1 in an app built without the test allowance (the default)', async () => {
    // Built here on the test app's database (no second database to create and migrate): its
    // set-up cannot outlast the test's time on a slow machine.
    bare = await siblingApp(t);
    const bob = await register(bare);
    expectError(await post(bare, PREVIEW, { url: `${base}/og` }, asOwner(bob)), 400, REFUSED);
    expectError(await post(bare, PREVIEW, { url: 'http://localhost/' }, asOwner(bob)), 400, REFUSED);
  });
});
