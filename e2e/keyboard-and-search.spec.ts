import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { newPerson, registerAndOpenDashboard, verifiedPerson } from './support/people';

const formKey = (page: Page) => page.evaluate(async () => (await (await fetch('/svc/user/info')).json()).response.form_key as string);
/** Screenshots for a person to look at, when SHOTS names a folder. */
const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/${name}.png` });
};
const focusedPostId = (page: Page) => page.evaluate(() => document.activeElement?.closest('[role="feed"] > article')?.getAttribute('data-post-id') ?? null);

// Issue 24 items 1 and 6: the desktop header's search, and the dashboard's keyboard.
test('the desktop header search suggests blogs; j, k and l work the dashboard; ? lists the shortcuts', async ({ page, browser }) => {
  // Someone to follow, with three posts.
  const other = await browser.newContext();
  const writer = newPerson('glowworm');
  try {
    const w = await other.newPage();
    await registerAndOpenDashboard(w, writer);
    const key = await formKey(w);
    for (const n of [1, 2, 3]) {
      const saved = await w.request.post('/svc/post/update', {
        headers: { 'x-form-key': key },
        data: { channel_id: writer.blogName, 'post[type]': 'text', 'post[one]': `Glow note ${n}`, 'post[two]': `<p>Glow note ${n}, in full.</p>` },
      });
      expect(saved.status()).toBe(200);
    }
  } finally {
    await other.close();
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await verifiedPerson(page, 'reader');
  const followed = await page.request.post('/svc/follow', { headers: { 'x-form-key': await formKey(page) }, data: { tumblelog: writer.blogName } });
  expect(followed.status()).toBe(200);
  await page.goto('/dashboard');
  const posts = page.getByRole('feed').locator(':scope > article');
  await expect(posts).toHaveCount(3);

  // `/` reaches the header's search; typing suggests the blog; picking it opens its page.
  const search = page.getByRole('banner').getByRole('combobox', { name: 'Search' });
  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  await search.pressSequentially(writer.blogName.slice(0, 12));
  const option = page.getByRole('option', { name: new RegExp(writer.blogName) });
  await expect(option).toBeVisible();
  await expect(search).toHaveAttribute('aria-expanded', 'true');
  await shot(page, 'header-search-1280');
  await expectAccessible(page);
  await option.click();
  await expect(page).toHaveURL(new RegExp(`/blog/${writer.blogName}$`));

  // The dashboard's keys: j and k move the focus between posts, l likes the focused one.
  await page.goto('/dashboard');
  await expect(posts).toHaveCount(3);
  const ids = await posts.evaluateAll((articles) => articles.map((a) => a.getAttribute('data-post-id')));
  await page.keyboard.press('j');
  await expect.poll(() => focusedPostId(page)).toBe(ids[0]);
  await page.keyboard.press('j');
  await expect.poll(() => focusedPostId(page)).toBe(ids[1]);
  await page.keyboard.press('k');
  await expect.poll(() => focusedPostId(page)).toBe(ids[0]);
  await page.keyboard.press('l');
  await expect(posts.nth(0).getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
  await expect(posts.nth(1).getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');

  // ? opens the sheet of every shortcut; Escape closes it and the focus comes back.
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  for (const group of ['Dashboard', 'Fast compose', 'Blog drawer', 'Post editor']) await expect(sheet.getByRole('heading', { name: group })).toBeVisible();
  await shot(page, 'shortcuts-1280');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect.poll(() => focusedPostId(page)).toBe(ids[0]);

  // Enter searches posts; the search comes back among the recent ones in the empty field.
  await page.keyboard.press('/');
  await search.fill('glow note');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=glow\+note$/);
  await page.goto('/dashboard');
  await page.keyboard.press('/');
  await expect(page.getByRole('listbox', { name: 'Recent searches' }).getByRole('option', { name: /glow note/ })).toBeVisible();
  await shot(page, 'recent-searches-1280');
  await page.keyboard.press('Escape');

  // A phone keeps its own header: its search row, and no desktop field.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(search).toBeHidden();
  await expect(page.getByRole('banner').getByRole('searchbox', { name: 'Search' })).toBeVisible();
  await shot(page, 'header-390');
});
