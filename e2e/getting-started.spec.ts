import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { newPerson } from './support/people';
import { makePng } from './support/png';

const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS) await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
};

test('getting started: after sign-up a skippable welcome (title, avatar, interests), then a quiet dashboard that offers blogs to follow', async ({ page }) => {
  test.setTimeout(40_000);
  const person = newPerson('newcomer');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/register');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByLabel('Blog name').fill(person.blogName);
  await page.getByRole('button', { name: 'Sign up' }).click();

  // Step 1: the title, saved.
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: 'Give your blog a title' })).toBeFocused();
  await expect(page.getByText(`Welcome, ${person.blogName}: step 1 of 3`)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'welcome-title-1280');
  await page.getByLabel('Blog title').fill('Moss and stones');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // Step 2: an avatar, with the blog settings' upload.
  await expect(page.getByRole('heading', { name: 'Choose an avatar' })).toBeFocused();
  await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(64, 64, (x, y) => [x * 4, y * 4, 120]) });
  await expect(page.getByRole('img', { name: 'Avatar preview' })).toBeVisible();
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // Step 3: interests, a tag followed at once; then the dashboard.
  await expect(page.getByRole('heading', { name: 'Pick a few interests' })).toBeFocused();
  const tag = page.getByRole('region', { name: 'Tags to follow' }).getByRole('button').first();
  await tag.click();
  await expect(tag).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page);
  await shot(page, 'welcome-interests-1280');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The title and avatar were kept.
  const blog = await (await page.request.get(`/svc/data/tumblelog?tumblelog=${person.blogName}`)).json();
  expect(blog.response.title).toBe('Moss and stones');
  // An uploaded avatar is served as WebP; the generated one is a PNG.
  const avatar = await page.request.get(blog.response.avatar_url as string);
  expect(avatar.headers()['content-type']).toBe('image/webp');

  // The quiet dashboard: blogs to follow (turned at once), and a way to Explore.
  // In place of an empty dashboard, or after the posts the interests brought (scrolled to).
  const card = page.getByRole('region', { name: /^(Your dashboard is quiet|Find more to follow)$/ });
  await expect(async () => {
    await page.mouse.wheel(0, 5000);
    await expect(card).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  const blogs = card.getByRole('region', { name: 'Blogs to follow' }).getByRole('listitem');
  await expect(blogs.first()).toBeVisible();
  const suggested = (await blogs.first().getByRole('link').textContent())!;
  await blogs.first().getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(blogs.first().getByRole('button', { name: 'Unfollow', exact: true })).toBeVisible();
  await expect(card).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'dashboard-quiet-1280');
  await expect
    .poll(async () => ((await (await page.request.get('/svc/following')).json()).response.blogs as { name: string }[]).map((b) => b.name))
    .toContain(suggested);

  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'dashboard-quiet-390');
  await card.getByRole('link', { name: "Explore what's popular" }).click();
  await expect(page).toHaveURL(/\/explore$/);
});

test('every welcome step can be skipped', async ({ page }) => {
  const person = newPerson('skipper');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/register');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByLabel('Blog name').fill(person.blogName);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await shot(page, 'welcome-title-390');
  for (const heading of ['Give your blog a title', 'Choose an avatar', 'Pick a few interests']) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await page.getByRole('button', { name: 'Skip' }).click();
  }
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Your dashboard is quiet' })).toBeVisible();
});
