import { expect, test, type Page } from '@playwright/test';
import { verifiedPerson } from './support/people';

/** The drawer, opened from the post's blog name on the dashboard. */
async function openDrawer(page: Page, blogName: string) {
  await page.goto('/dashboard');
  await page.getByRole('feed').getByRole('article').first().locator('header').getByRole('link', { name: blogName, exact: true }).click();
  await expect(page.getByRole('dialog', { name: blogName, exact: true })).toBeVisible();
}

const formKey = (page: Page) => page.evaluate(async () => (await (await fetch('/svc/user/info')).json()).response.form_key as string);

// Issue 25 item 1: a blog's page and the blog viewer drawer show the blog as its owner styled it.
test('blog theme: background colour, title font and square avatar set in settings show on the blog page and in the drawer', async ({ page }) => {
  test.setTimeout(40_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = await verifiedPerson(page, 'theme');
  const posted = await page.request.post('/svc/post/update', {
    headers: { 'x-form-key': await formKey(page) },
    data: { channel_id: owner.blogName, 'post[type]': 'text', 'post[one]': 'Under my own colours', 'post[two]': '<p>Hello.</p>' },
  });
  expect(posted.status()).toBe(200);

  // Before: the default theme's round avatar, on the blog page and in the drawer.
  await page.goto(`/blog/${owner.blogName}`);
  const header = page.getByTestId('blog-header');
  const avatar = header.locator('xpath=..').locator('img').first();
  await expect(avatar).toHaveCSS('border-radius', '50%');
  await openDrawer(page, owner.blogName);
  const drawer = page.getByRole('dialog', { name: owner.blogName, exact: true });
  const drawerHeader = drawer.locator('header').first();
  await expect(drawerHeader.locator('img').first()).toHaveCSS('border-radius', '50%');

  await page.goto(`/blog/${owner.blogName}/settings`);
  await page.getByLabel('Background colour', { exact: true }).fill('#1E3A2F');
  await page.getByLabel('Title font').selectOption('Lobster');
  await page.getByRole('radio', { name: 'Square' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' }).first()).toBeVisible();

  // The blog page: its header in the owner's background, the title in Lobster, the avatar square.
  await page.goto(`/blog/${owner.blogName}`);
  await expect(header).toHaveCSS('background-color', 'rgb(30, 58, 47)');
  await expect(header.getByRole('heading', { level: 1 })).toHaveCSS('font-family', /Lobster/);
  // Square: the avatar's small rounding, not a circle (50%).
  await expect(avatar).toHaveCSS('border-radius', '3px');
  await expect(page.getByRole('article').first()).toContainText('Under my own colours');
  if (process.env.THEME_SHOTS) await page.screenshot({ path: `${process.env.THEME_SHOTS}/blog-1280.png`, fullPage: true });

  // The drawer's header, opened from the post's blog name on the dashboard.
  await openDrawer(page, owner.blogName);
  await expect(drawerHeader).toHaveCSS('background-color', 'rgb(30, 58, 47)');
  await expect(drawer.getByRole('heading', { level: 2, name: owner.blogName, exact: true })).toHaveCSS('font-family', /Lobster/);
  await expect(drawerHeader.locator('img').first()).toHaveCSS('border-radius', '3px');
  if (process.env.THEME_SHOTS) await page.screenshot({ path: `${process.env.THEME_SHOTS}/drawer-1280.png` });

  await page.setViewportSize({ width: 390, height: 844 });
  if (process.env.THEME_SHOTS) await page.screenshot({ path: `${process.env.THEME_SHOTS}/drawer-390.png` });
  await page.goto(`/blog/${owner.blogName}`);
  await expect(page.getByTestId('blog-header')).toHaveCSS('background-color', 'rgb(30, 58, 47)');
  await expect(page.getByRole('article').first()).toContainText('Under my own colours');
  if (process.env.THEME_SHOTS) await page.screenshot({ path: `${process.env.THEME_SHOTS}/blog-390.png`, fullPage: true });
});
