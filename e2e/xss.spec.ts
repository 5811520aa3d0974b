import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { EMBED_PROVIDERS, OWN_EMBED_PATH_PREFIX } from '../src/server/content/embeds';
import { newPerson, registerAndOpenDashboard } from './support/people';

// The public script-injection corpus the product is checked against, carried in the repository
// with its licences (see testdata/xss/SOURCE.md).
const corpusDir = path.resolve('testdata/xss');
const payloads: string[] = ['vectors.json', 'vectors-extra.json'].flatMap((file) =>
  JSON.parse(fs.readFileSync(path.join(corpusDir, file), 'utf8')),
);

// Spec 1 §5 allowlist (plus s for strikethrough), and what we add ourselves: links open in a new
// tab, iframes are sandboxed and lazy.
const ALLOWED: Record<string, string[]> = {
  a: ['href', 'title', 'target', 'rel'], b: [], i: [], s: [], ul: [], ol: [], li: [], p: [], h2: [], blockquote: [],
  img: ['src', 'alt', 'data-orig-width', 'data-orig-height'], iframe: ['src', 'width', 'height', 'frameborder', 'sandbox', 'loading'],
  figure: ['data-orig-width', 'data-orig-height'], br: [], hr: ['class', 'data-label'], pre: [], sub: [], sup: [], small: [],
};

const isLocal = (url: string) => /^(data|blob|about):/.test(url) || new URL(url).hostname === '127.0.0.1';

/** An iframe source a post may keep: https on a provider's player path, or one of our embed pages. */
function isProviderFrame(src: string, ownOrigin: string): boolean {
  let url: URL;
  try {
    url = new URL(src, ownOrigin);
  } catch {
    return false;
  }
  if (url.origin === ownOrigin) return url.pathname.startsWith(OWN_EMBED_PATH_PREFIX);
  return (
    url.protocol === 'https:' && !url.port && !url.username && !url.password &&
    EMBED_PROVIDERS.some((p) => p.hosts.includes(url.hostname) && url.pathname.startsWith(p.pathPrefix))
  );
}

test('every payload of the corpus, saved and shown, runs no script, reaches no other host and keeps to the allowlist', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  expect(payloads.length).toBe(1447);
  // Every request to another host, of any kind (fetch, XHR, beacons, images, styles, frames, ...).
  // Nothing leaves the machine: they are answered with an error here, after being noted.
  const foreign: { type: string; url: string }[] = [];
  page.on('request', (request) => {
    if (!isLocal(request.url())) foreign.push({ type: request.resourceType(), url: request.url() });
  });
  page.on('websocket', (socket) => {
    if (!isLocal(socket.url().replace(/^ws/, 'http'))) foreign.push({ type: 'websocket', url: socket.url() });
  });
  await page.route((url) => !isLocal(url.href), (route) => route.abort('blockedbyclient'));
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await page.addInitScript(() => {
    const fired = () => ((window as unknown as { __xss: number }).__xss = ((window as unknown as { __xss?: number }).__xss ?? 0) + 1);
    window.alert = fired;
    window.confirm = () => (fired(), false);
    window.prompt = () => (fired(), null);
    window.print = fired;
    // What the page policy stopped: something got past the sanitizer that the browser would have run or loaded.
    document.addEventListener('securitypolicyviolation', (event) => {
      const stopped = ((window as unknown as { __csp?: string[] }).__csp ??= []);
      stopped.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });

  await registerAndOpenDashboard(page, newPerson('xss'));
  const formKey = await page.evaluate(async () => (await (await fetch('/svc/user/info')).json()).response.form_key);
  const blog = await page.evaluate(async () => (await (await fetch('/svc/user/info')).json()).response.user.primary);

  let stored = 0;
  for (const payload of payloads) {
    const res = await page.request.post('/svc/post/update', {
      headers: { 'x-form-key': formKey },
      data: { channel_id: blog, 'post[type]': 'text', 'post[one]': '', 'post[two]': payload, editor_type: 'html' },
    });
    const body = await res.json();
    // A payload that sanitizes to nothing is an empty post: refused with the spec's message.
    if (res.status() === 400) expect(body.meta.msg).toBe('Post body empty.');
    else expect(res.status(), JSON.stringify(body)).toBe(200);
    if (res.status() === 200) stored++;
  }

  // Read the whole dashboard as a person would: scroll until the end of the feed.
  await page.goto('/dashboard');
  const end = page.getByText("That's all.");
  for (let i = 0; i < 400 && !(await end.isVisible()); i++) {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(150);
  }
  await expect(end).toBeVisible();
  await page.waitForTimeout(1000);

  const report = await page.evaluate((allowed) => {
    const bad: string[] = [];
    const containers = [...document.querySelectorAll('[data-user-html]')];
    // The images posts show by address (the spec allows them) and the players they frame.
    const images = containers.flatMap((c) => [...c.querySelectorAll('img')].map((img) => img.src));
    const frames = containers.flatMap((c) => [...c.querySelectorAll('iframe')].map((frame) => frame.getAttribute('src') ?? ''));
    for (const container of containers) {
      for (const el of container.querySelectorAll('*')) {
        const tag = el.tagName.toLowerCase();
        if (!(tag in allowed)) bad.push(`<${tag}>`);
        for (const attr of el.getAttributeNames()) if (!allowed[tag]?.includes(attr)) bad.push(`<${tag} ${attr}>`);
        for (const attr of ['href', 'src']) {
          // eslint-disable-next-line no-control-regex -- browsers ignore these characters in a URL's scheme
          const value = (el.getAttribute(attr) ?? '').replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
          if (/^(javascript|vbscript|data):/.test(value)) bad.push(`<${tag} ${attr}=${value.slice(0, 30)}>`);
        }
        if (tag === 'hr' && el.getAttribute('class') && el.getAttribute('class') !== 'read-more') bad.push('<hr class>');
      }
    }
    const stopped = (window as unknown as { __csp?: string[] }).__csp ?? [];
    return { containers: containers.length, bad, images, frames, stopped, fired: (window as unknown as { __xss?: number }).__xss ?? 0 };
  }, ALLOWED);

  expect(report.containers).toBeGreaterThanOrEqual(stored);
  expect(report.bad).toEqual([]);
  expect(report.fired).toBe(0);
  expect(report.stopped).toEqual([]);
  expect(dialogs).toEqual([]);
  // Every iframe left in a post is a known player (or one of our embed pages).
  expect(report.frames.filter((src) => !isProviderFrame(src, new URL(baseURL!).origin))).toEqual([]);
  // The only requests to other hosts are the images posts show by address and the players they
  // frame: no payload made the page fetch, beacon, load a style or a picture of its own.
  const shown = new Set(report.images);
  const unexplained = foreign.filter(({ type, url }) => !(type === 'image' && shown.has(url)) && !(type === 'document' && isProviderFrame(url, new URL(baseURL!).origin)));
  expect(unexplained).toEqual([]);
});
