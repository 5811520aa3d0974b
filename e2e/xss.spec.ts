import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
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

test('every payload of the corpus, saved and shown, runs no script and keeps to the allowlist', async ({ page }) => {
  test.setTimeout(300_000);
  expect(payloads.length).toBe(1447);
  const foreign: string[] = [];
  page.on('request', (request) => {
    const type = request.resourceType();
    if ((type === 'script' || type === 'document') && !request.url().startsWith('http://127.0.0.1:')) foreign.push(request.url());
  });
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
    return { containers: containers.length, bad, fired: (window as unknown as { __xss?: number }).__xss ?? 0 };
  }, ALLOWED);

  expect(report.containers).toBeGreaterThanOrEqual(stored);
  expect(report.bad).toEqual([]);
  expect(report.fired).toBe(0);
  expect(dialogs).toEqual([]);
  expect(foreign).toEqual([]);
});
