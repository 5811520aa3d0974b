import { expect, test, type Page } from '@playwright/test';
import { newPerson, registerAndOpenDashboard } from './support/people';

const formKey = (page: Page) => page.evaluate(async () => (await (await fetch('/svc/user/info')).json()).response.form_key as string);

// Issue 22 #25: on a phone /search shows one search, the page's own card, and nothing of the
// header covers it; elsewhere the header keeps its search row.
test('on a phone, /search has one search and the header covers none of its card', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerAndOpenDashboard(page, newPerson('seeker'));
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('search')).toHaveCount(1);

  await page.goto('/search?q=lantern');
  await expect(page.getByRole('heading', { name: 'Posts about lantern' })).toBeVisible();
  await expect(page.getByRole('search')).toHaveCount(1);
  await expect(banner.getByRole('search')).toHaveCount(0);
  await expect(banner.getByRole('button', { name: 'Search filters' })).toHaveCount(0);
  const field = page.getByRole('main').getByRole('searchbox', { name: 'Search posts, tags and blogs' });
  const bar = (await banner.boundingBox())!;
  const card = (await page.getByRole('main').getByRole('search').boundingBox())!;
  expect(card.y).toBeGreaterThanOrEqual(bar.y + bar.height);
  await page.screenshot({ path: test.info().outputPath('search-390.png') });

  // The page's own search works from its card.
  await field.fill('river');
  await field.press('Enter');
  await expect(page.getByRole('heading', { name: 'Posts about river' })).toBeVisible();
  await expect(page).toHaveURL(/q=river/);

  // Leaving the page gives the header its search back.
  await page.goto('/dashboard');
  await expect(banner.getByRole('search')).toHaveCount(1);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/search?q=lantern');
  await expect(page.getByRole('search')).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('search-1280.png') });
});

// Issue 22 #25: a blog page across a block says where the block can be undone: the settings
// page's Blocked blogs, where the list is.
test("a blocked blog's page says a block is undone under Blocked blogs in your settings", async ({ browser }) => {
  const blocker = newPerson('hedge');
  const blocked = newPerson('gate');
  const blockerContext = await browser.newContext();
  const blockedContext = await browser.newContext();
  try {
    const a = await blockerContext.newPage();
    await registerAndOpenDashboard(a, blocker);
    const b = await blockedContext.newPage();
    await registerAndOpenDashboard(b, blocked);
    const added = await a.request.post('/svc/block/add', { headers: { 'x-form-key': await formKey(a) }, data: { tumblelog: blocker.blogName, blocked_tumblelog: blocked.blogName } });
    expect(added.status()).toBe(200);

    await b.goto(`/blog/${blocker.blogName}`);
    await expect(b.getByRole('main')).toContainText('A block you made can be undone under Blocked blogs in your settings.');
    await expect(b.getByRole('main')).not.toContainText("blog's settings");

    // And it is there: the blocker finds the blocked blog in the list on the settings page.
    await a.goto('/settings');
    const list = a.getByRole('region', { name: 'Blocked blogs' });
    await expect(list.getByRole('button', { name: `Unblock ${blocked.blogName}` })).toBeVisible();
  } finally {
    await blockerContext.close();
    await blockedContext.close();
  }
});
