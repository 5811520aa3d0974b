import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { newPerson, registerAndOpenDashboard } from './support/people';

const card = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });
/** Screenshots for a person to look at, when SHOTS names a folder. */
const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/${name}.png` });
};

/** A published text post by the logged-in person, with tags, made through the API. */
async function makePost(page: Page, blogName: string, title: string, tags = '') {
  const formKey = await page.evaluate(async () => (await (await fetch('/svc/user/info')).json()).response.form_key);
  const saved = await page.request.post('/svc/post/update', {
    headers: { 'x-form-key': formKey },
    data: { channel_id: blogName, 'post[type]': 'text', 'post[one]': title, 'post[two]': `<p>${title}, in full.</p>`, 'post[tags]': tags },
  });
  expect(saved.status()).toBe(200);
}

test('on a phone: the burger opens the drawer, every drawer link renders, search from the header opens a result', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const ann = newPerson('phone');
  await registerAndOpenDashboard(page, ann);
  await makePost(page, ann.blogName, 'Tidepool creatures', 'rockpools');
  await page.reload();
  await shot(page, 'phone-dashboard');

  const burger = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
  const box = await burger.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(44);
  expect(box!.height).toBeGreaterThanOrEqual(44);

  // Each link of the drawer leads to a page that renders (the server's 404 page would say so).
  // The /settings sub-pages and /help are built on another branch: only this branch's links here.
  const links: Array<[string, RegExp]> = [
    ['Dashboard', /\/dashboard$/],
    ['Likes', /\/likes$/],
    ['Following', /\/following$/],
    ['Explore', /\/explore$/],
    ['Settings', /\/settings$/],
    ['Create a post', /\/new\/text$/],
    [ann.blogName, new RegExp(`/blog/${ann.blogName}$`)],
  ];
  for (const [name, url] of links) {
    await page.goto('/dashboard');
    await burger.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    const drawerBox = await drawer.getByRole('link', { name: 'Dashboard' }).boundingBox();
    expect(drawerBox!.x + drawerBox!.width).toBeLessThanOrEqual(390);
    expect(drawerBox!.height).toBeGreaterThanOrEqual(44);
    if (name === 'Dashboard') {
      await shot(page, 'phone-drawer');
      await expectAccessible(page);
    }
    await drawer.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { name: 'There is nothing here.' })).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  }

  // The header's popovers fit the screen.
  await page.goto('/dashboard');
  for (const [button, dialog] of [[/^Activity/, 'Activity'], [/^Account menu$/, 'Account']] as const) {
    await page.getByRole('banner').getByRole('button', { name: button }).click();
    const popover = page.getByRole('dialog', { name: dialog });
    await expect(popover).toBeVisible();
    const popoverBox = await popover.boundingBox();
    expect(popoverBox!.x, dialog).toBeGreaterThanOrEqual(0);
    expect(popoverBox!.x + popoverBox!.width, dialog).toBeLessThanOrEqual(390);
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
  }

  // Search from the mobile header: a GET to /search with its four fields, then open a result.
  await page.goto('/dashboard');
  await page.getByRole('search').getByRole('searchbox', { name: 'Search' }).fill('tidepool');
  await page.getByRole('search').getByRole('searchbox', { name: 'Search' }).press('Enter');
  await expect(page).toHaveURL(/\/search\?q=tidepool&sort=recent&filter_post_type=any&filter_nsfw=(true|false)$/);
  const result = card(page, 'Tidepool creatures');
  await expect(result).toBeVisible();
  const resultBox = await result.boundingBox();
  expect(resultBox!.width).toBeGreaterThan(340);
  await shot(page, 'phone-search');
  await expectAccessible(page);
  await result.getByRole('time').click();
  await expect(page).toHaveURL(new RegExp(`/blog/${ann.blogName}/post/\\d+`));
  await expect(card(page, 'Tidepool creatures')).toBeVisible();
});

test('logged out on a phone: the drawer offers Log in, Get started and Get the app', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/explore');
  await expect(page.getByRole('heading', { name: 'Explore' })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  await expect(drawer.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/register');
  // The server's APP_URL (set for the journeys) is offered, in a new tab.
  const app = drawer.getByRole('link', { name: 'Get the app (opens in a new tab)' });
  await expect(app).toHaveAttribute('href', 'https://apps.example.org/tumbleweed');
  await expect(app).toHaveAttribute('target', '_blank');
  await shot(page, 'phone-drawer-out');
  await expectAccessible(page);
  await drawer.getByRole('link', { name: 'Get started' }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test('on a desktop: search a tag, follow it, and its posts join the dashboard', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // Someone else posts with the tag.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const bo = newPerson('tagger');
  await registerAndOpenDashboard(otherPage, bo);
  await makePost(otherPage, bo.blogName, 'Seven kinds of moss', 'moss, green things');
  await other.close();

  const ann = newPerson('follower');
  await registerAndOpenDashboard(page, ann);
  await expect(card(page, 'Seven kinds of moss')).toHaveCount(0);
  // The mobile header is not there at this width: the search page's own form.
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
  await page.goto('/search');
  await page.getByRole('searchbox', { name: 'Search posts, tags and blogs' }).fill('#moss');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(card(page, 'Seven kinds of moss')).toBeVisible();
  await shot(page, 'desktop-search');
  await expectAccessible(page);

  await card(page, 'Seven kinds of moss').getByRole('link', { name: '#moss' }).click();
  await expect(page).toHaveURL(/\/tagged\/moss$/);
  await expect(page.getByRole('heading', { name: '#moss' })).toBeVisible();
  await page.getByRole('button', { name: 'Follow' }).click();
  await expect(page.getByRole('button', { name: 'Unfollow' })).toHaveAttribute('aria-pressed', 'true');
  await shot(page, 'desktop-tagged');
  await expectAccessible(page);

  await page.goto('/dashboard');
  await expect(card(page, 'Seven kinds of moss')).toBeVisible();
  // Explore's rollup is made at most once a minute: its heading, not this minute's tags.
  await page.goto('/explore');
  await expect(page.getByRole('heading', { name: 'Trending tags' })).toBeVisible();
  // No axe run here: the demo's video post has an untitled player frame, fixed with the WCAG 2.2 work on another branch.
  await shot(page, 'desktop-explore');
});

test('the mobile header names the page; the desktop header is transparent where a page asks', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const title = page.getByRole('banner').locator('[data-page-title]');
  await page.goto('/explore');
  await expect(title).toHaveText('Explore');
  await expect(title).toBeVisible();
  await shot(page, 'phone-explore-title');
  await page.goto('/search?q=anything');
  await expect(title).toHaveText('Search');
  // A page that names nothing leaves the title out.
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(title).toHaveCount(0);

  await page.setViewportSize({ width: 1280, height: 800 });
  const header = page.getByRole('banner');
  // Explore asks for the transparent mode: no fill at the top of the page...
  await page.goto('/explore');
  await expect(page.getByRole('heading', { name: 'Explore' })).toBeVisible();
  await expect(header).toHaveAttribute('data-transparent', 'true');
  expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
  await shot(page, 'desktop-explore-transparent');
  // ...the solid bar once the page is scrolled and the bar sticks (45 px, 500 ms), and at the top again.
  await page.evaluate(() => {
    document.body.style.minHeight = '3000px';
    window.scrollTo(0, 400);
  });
  await expect(header).toHaveAttribute('data-stuck', 'true');
  await expect(header).not.toHaveAttribute('data-transparent');
  expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute('data-transparent', 'true');
  // A page that does not ask keeps the solid bar at its top.
  await page.goto('/search?q=anything');
  await expect(page).toHaveTitle(/^Search: anything/);
  await expect(header).not.toHaveAttribute('data-transparent');
  expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  await expectAccessible(page);
});

test("logged out: adult blogs' avatars are pixelated exactly while the site flag safe_mode is on", async ({ page }) => {
  // The journeys' server cannot flip a site flag from outside, so its real GET /svc/site answer
  // is passed through with the flag set as a given run needs.
  let siteSafeMode = false;
  await page.route('**/svc/site', async (route) => {
    const answer = await route.fetch();
    const body = await answer.json();
    // Issue 22: the site offers safe mode unless turned off.
    expect(body.response.features.safe_mode).toBe(true);
    body.response.features.safe_mode = siteSafeMode;
    await route.fulfill({ response: answer, json: body });
  });
  // The demo's adult blog, found by the site search's blog results.
  const adultAvatar = () => page.getByRole('link', { name: /after-dark/ }).first().locator('img');
  await page.goto('/search?q=after-dark');
  await expect(adultAvatar()).toBeVisible();
  await expect(adultAvatar()).not.toHaveAttribute('data-pixelated');
  await expect(adultAvatar()).toHaveAttribute('src', /\/svc\/avatar\/after-dark\/40/);

  siteSafeMode = true;
  await page.goto('/search?q=after-dark');
  await expect(adultAvatar()).toHaveAttribute('data-pixelated', 'true');
  await expect(adultAvatar()).toHaveAttribute('src', /\/svc\/avatar\/after-dark\/16/);
  await shot(page, 'desktop-search-out-pixelated');
});
