import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { newPerson, registerAndOpenDashboard } from './support/people';

// The built client the server under test serves (npm run test:e2e builds it first).
const CLIENT_DIR = 'dist/client';
/** The first load's JavaScript, compressed (gzip): the page is usable on a slow link only below it. */
const FIRST_LOAD_GZIP_BUDGET = 120_000;

/** The entry script of index.html and every chunk it imports statically (what runs before any page). */
function firstLoadChunks(): string[] {
  const html = fs.readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('index.html names no entry script');
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = fs.readFileSync(path.join(CLIENT_DIR, file), 'utf8');
    // Static imports only (import ... from "./x.js", import "./x.js"); import("./x.js") loads later.
    for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) visit(path.posix.join(path.posix.dirname(file), match[1]!));
  };
  visit(entry);
  return [...seen];
}

test('the first load stays under its budget: the entry and its static imports, gzip-compressed', () => {
  const chunks = firstLoadChunks();
  const sizes = chunks.map((file) => [file, zlib.gzipSync(fs.readFileSync(path.join(CLIENT_DIR, file)), { level: 9 }).length] as const);
  const total = sizes.reduce((sum, [, size]) => sum + size, 0);
  const report = sizes
    .sort((a, b) => b[1] - a[1])
    .map(([file, size]) => `${file} ${size}`)
    .join('\n');
  expect(total, `the first load is ${total} bytes gzip:\n${report}`).toBeLessThan(FIRST_LOAD_GZIP_BUDGET);
  // Every one of them is modulepreloaded, so none waits for another to arrive first.
  const html = fs.readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
  for (const file of chunks.slice(1)) expect(html, file).toContain(`href="/${file}"`);
});

test('the page draws its header and a loading card before any script has run', async ({ page }) => {
  // The scripts never arrive: what shows is the HTML and its stylesheet alone.
  await page.route('**/assets/*.js', (route) => route.abort());
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/login');
    const card = page.getByRole('status');
    await expect(card).toHaveText('Loading…');
    await expect(card).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(0, 25, 53)');
    await expect(page.getByRole('link', { name: 'tumbleweed' })).toBeVisible();
    expect(await page.locator('.shell-header').evaluate((bar) => bar.getBoundingClientRect().height)).toBe(52);
  }
});

test('built files come compressed, hashed ones cached for good, the page checked each time', async ({ baseURL }) => {
  const html = fs.readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
  const entry = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
  // The entry's stylesheet (the app's styles and the shell's); tiny files are sent as they are.
  const styles = /href="(\/assets\/index-[^"]+\.css)"/.exec(html)![1]!;
  for (const url of [entry, styles]) {
    const original = fs.readFileSync(path.join(CLIENT_DIR, url));
    for (const [accept, encoding] of [['br, gzip', 'br'], ['gzip', 'gzip']] as const) {
      const res = await fetch(new URL(url, baseURL), { headers: { 'accept-encoding': accept } });
      expect(res.headers.get('content-encoding'), `${url} ${accept}`).toBe(encoding);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
      // fetch decodes what it is sent: the bytes are the file's.
      expect(Buffer.from(await res.arrayBuffer()).equals(original)).toBe(true);
    }
  }
  const pageAnswer = await fetch(new URL('/login', baseURL), { headers: { 'accept-encoding': 'br, gzip' } });
  expect(pageAnswer.headers.get('content-encoding')).toBe('br');
  expect(pageAnswer.headers.get('cache-control')).toBe('no-cache');
});

test('a logged-out visit asks for no user info and logs no error; a logged-in one still gets its header', async ({ page }) => {
  const errors: string[] = [];
  const asked: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('request', (request) => {
    if (request.url().includes('/svc/user/info')) asked.push(request.url());
  });
  await page.goto('/login');
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign up' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
  await expectAccessible(page);
  expect(asked).toEqual([]);
  expect(errors).toEqual([]);

  await registerAndOpenDashboard(page, newPerson('paint'));
  await expect(page.getByRole('button', { name: 'Compose a post' })).toBeVisible();
  expect(asked.length).toBeGreaterThan(0);
});

test('a landing page names its code in the Link header, the entry first, and the browser fetches each file once', async ({ page, baseURL }) => {
  const styles = [...fs.readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8').matchAll(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1]!);
  const html = fs.readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
  const answer = await fetch(new URL('/login', baseURL));
  const links = (answer.headers.get('link') ?? '').split(', ').map((link) => /^<([^>]+)>; rel=(\w+)/.exec(link)!.slice(1));
  // The styles that block the first paint come first, then the entry script.
  expect(links.slice(0, styles.length).map(([file, rel]) => [rel, styles.includes(file!)])).toEqual(styles.map(() => ['preload', true]));
  expect(links.find(([, rel]) => rel === 'modulepreload')).toEqual([entry, 'modulepreload']);
  const files = links.map(([file]) => file!);
  expect(files.some((file) => /\/assets\/LoginPage-[\w-]+\.js$/.test(file))).toBe(true);
  for (const file of files) expect(fs.existsSync(path.join(CLIENT_DIR, file)), file).toBe(true);
  expect(new Set(files).size).toBe(files.length);
  // Pages reached from inside the app, and addresses that are no page, name nothing.
  expect((await fetch(new URL('/settings', baseURL))).headers.get('link')).toBeNull();
  expect((await fetch(new URL('/no/such/page', baseURL))).headers.get('link')).toBeNull();

  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto('/login');
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
  // Preloaded once and used: no file comes twice (a preload in the wrong mode would).
  const twice = fetched.filter((file, i) => file.startsWith('/assets/') && fetched.indexOf(file) !== i);
  expect(twice).toEqual([]);
  expect(fetched.filter((file) => files.includes(file))).toHaveLength(files.length);
});

test('a blog’s page is sent with its first answers preloaded, and asks the server for each once', async ({ browser, page }) => {
  const person = newPerson('preload');
  await registerAndOpenDashboard(page, person);
  const visitor = await browser.newContext();
  try {
    const tab = await visitor.newPage();
    const asked: string[] = [];
    tab.on('request', (request) => {
      if (request.url().includes('/svc/')) asked.push(new URL(request.url()).pathname + new URL(request.url()).search);
    });
    const answer = await tab.goto(`/blog/${person.blogName}`);
    expect(await answer!.headerValue('link')).toContain(`</svc/data/tumblelog?tumblelog=${person.blogName}>; rel=preload; as=fetch; crossorigin`);
    await expect(tab.getByTestId('blog-header')).toBeVisible();
    await tab.waitForLoadState('networkidle');
    const blogData = `/svc/data/tumblelog?tumblelog=${person.blogName}`;
    const firstPage = `/svc/post/blog/${person.blogName}/before/0`;
    expect(asked.filter((url) => url === blogData)).toHaveLength(1);
    expect(asked.filter((url) => url === firstPage)).toHaveLength(1);
  } finally {
    await visitor.close();
  }
});
