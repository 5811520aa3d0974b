import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectReadable } from './support/axe';
import { newPerson, registerAndOpenDashboard } from './support/people';

test.describe.configure({ mode: 'parallel' });

const formKey = (page: Page) => page.evaluate(async () => (await (await fetch('/svc/user/info')).json()).response.form_key as string);

/** The palette in use, the page's background as drawn, and the cards' colour. */
const colours = (page: Page) =>
  page.evaluate(() => ({
    palette: document.documentElement.dataset.palette,
    page: getComputedStyle(document.body).backgroundColor,
    card: getComputedStyle(document.documentElement).getPropertyValue('--card').trim(),
  }));

/** A person with one post (a link in its text), on the dashboard; the post's own page. */
async function personWithPost(page: Page, prefix: string) {
  const person = newPerson(prefix);
  await registerAndOpenDashboard(page, person);
  const saved = await page.request.post('/svc/post/update', {
    headers: { 'x-form-key': await formKey(page) },
    data: { channel_id: person.blogName, 'post[type]': 'text', 'post[one]': 'Colours', 'post[two]': '<p>A post to read in <a href="https://example.com/">every</a> palette.</p>' },
  });
  expect(saved.status()).toBe(200);
  return { person, postPath: new URL((await saved.json()).response.created_post.post_url as string).pathname };
}

test('palettes: chosen in settings and kept after a reload; left alone, they follow the system', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
  const page = await context.newPage();
  try {
    await personWithPost(page, 'hue');
    // Left alone, it follows the system: the classic navy in a light system, dark in a dark one.
    await page.reload();
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(await colours(page)).toEqual({ palette: 'navy', page: 'rgb(0, 25, 53)', card: '#fff' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(async () => (await colours(page)).palette).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // Chosen in settings: it applies at once and is kept (the server's) after a reload.
    await page.goto('/settings/dashboard');
    await page.getByRole('group', { name: /Colour palette/ }).getByRole('radio', { name: 'Light' }).check();
    await expect(page.locator('html')).toHaveAttribute('data-palette', 'light');
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(await colours(page)).toMatchObject({ palette: 'light', page: 'rgb(238, 241, 245)' });
  } finally {
    await context.close();
  }
});

// Every page of the app a person reaches from the header, in each palette, with the contrast rules;
// in two halves, so that each journey stays short and the halves run side by side.
const pagesOf = (blog: string, postPath: string) => [
  ['/dashboard', '/new/text', blog, postPath, `${blog}/drafts`, `${blog}/queue`, `${blog}/activity`, `${blog}/insights`, `${blog}/inbox`, `${blog}/ask`, `${blog}/settings`],
  ['/settings/dashboard', '/settings/account', '/settings/password', '/settings/tfa', '/settings/notifications', '/settings/apps', '/help', '/search?q=colours', '/tagged/colours', '/explore', '/following', '/likes'],
];
for (const palette of ['navy', 'light', 'dark'] as const) {
  for (const half of [0, 1]) {
    test(`the ${palette} palette is readable (WCAG 2.2 AA contrast) on every page, part ${half + 1}`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      try {
        const { person, postPath } = await personWithPost(page, palette);
        const set = await page.request.post('/svc/user/settings', { headers: { 'x-form-key': await formKey(page) }, data: { palette } });
        expect(set.status()).toBe(200);
        for (const path of pagesOf(`/blog/${person.blogName}`, postPath)[half]!) {
          await page.goto(path);
          await expect(page.locator('html')).toHaveAttribute('data-palette', palette);
          await page.waitForLoadState('networkidle');
          await expectReadable(page);
          if (process.env.SHOTS) await page.screenshot({ path: test.info().outputPath(`${palette}${path.replace(/\W+/g, '-')}.png`) });
        }
        // The account menu's popover too.
        await page.getByRole('button', { name: 'Account menu' }).click();
        await expectReadable(page);
      } finally {
        await context.close();
      }
    });
  }
}
