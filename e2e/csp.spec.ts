import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { newPerson, registerAndOpenDashboard } from './support/people';

/** Every Content-Security-Policy violation the page reports, from the first script on. */
async function watchViolations(page: Page) {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const list = ((window as unknown as { __csp?: string[] }).__csp ??= []);
      list.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  return async () => [...seen, ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []))];
}

test('the dashboard, the post form and a post with an uploaded image and a video player break no rule of the page policy', async ({ page }) => {
  // The player's page is answered here: nothing leaves the machine.
  await page.route('https://www.youtube.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }));
  const violations = await watchViolations(page);
  const person = newPerson('csp');
  await registerAndOpenDashboard(page, person);
  const formKey = await page.evaluate(async () => (await (await fetch('/svc/user/info')).json()).response.form_key as string);

  const photo = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2a7' } }).png().toBuffer();
  const upload = await page.request.post('/svc/media/upload', {
    headers: { 'x-form-key': formKey },
    multipart: { photo: { name: 'green.png', mimeType: 'image/png', buffer: photo } },
  });
  expect(upload.status()).toBe(200);
  const imageUrl = ((await upload.json()) as { response: { url: string }[] }).response[0]!.url;
  const body = `<p>Under the policy</p><p><img src="${imageUrl}" alt="green"></p><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" width="400" height="225"></iframe>`;
  const saved = await page.request.post('/svc/post/update', {
    headers: { 'x-form-key': formKey },
    data: { channel_id: person.blogName, 'post[type]': 'text', 'post[one]': '', 'post[two]': body, editor_type: 'html' },
  });
  expect(saved.status()).toBe(200);

  for (const path of ['/dashboard', `/blog/${person.blogName}`]) {
    await page.goto(path);
    const post = page.getByRole('article').filter({ hasText: 'Under the policy' }).first();
    await expect(post.getByRole('img', { name: 'green' })).toBeVisible();
    await expect.poll(() => post.getByRole('img', { name: 'green' }).evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const player = post.locator('iframe[src^="https://www.youtube.com/embed/"]');
    await expect(player).toHaveCount(1);
    await expect.poll(async () => (await player.elementHandle())?.contentFrame().then((frame) => frame?.title())).toBe('player');
  }

  // The rich editor (Tiptap) and the popovers draw themselves with styles: they must not need inline ones.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('navigation', { name: 'Make a post' }).getByRole('link', { name: 'Text', exact: true }).click();
  const editor = page.getByRole('dialog').first().getByRole('textbox', { name: 'Body' });
  await editor.click();
  await page.keyboard.type('typed under the policy');
  await expect(editor).toContainText('typed under the policy');
  expect(await violations()).toEqual([]);
});

test('no page, not even one on this site, can put the logged-in settings page in a frame', async ({ page, baseURL }) => {
  await registerAndOpenDashboard(page, newPerson('frame'));
  // A page beside the site (answered here: think of another app on the same host) that puts the
  // settings page in a frame, where the session cookie goes along.
  await page.route(`${baseURL}/elsewhere`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><iframe name="victim" src="/settings"></iframe>' }),
  );
  await page.goto('/elsewhere');
  // The browser refuses to show the page in the frame: it shows its error page instead.
  await expect.poll(() => page.frame({ name: 'victim' })?.url()).toMatch(/^chrome-error:/);

  const answer = await page.goto('/settings');
  expect(answer?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(answer?.headers()['x-frame-options']).toBe('DENY');
});
