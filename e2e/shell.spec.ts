import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { verificationLinkFor } from './support/outbox';
import { newPerson, registerAndOpenDashboard } from './support/people';

test('fast compose opens with z+c and is driven by the keyboard', async ({ page }) => {
  await registerAndOpenDashboard(page, newPerson('compose'));
  const overlay = page.getByRole('dialog', { name: 'Choose a post type' });

  await page.keyboard.down('z');
  await page.keyboard.press('c');
  await page.keyboard.up('z');
  await expect(overlay).toBeVisible();
  await expect(overlay.getByRole('button')).toHaveText(['Text', 'Photo', 'Quote', 'Link', 'Chat', 'Audio', 'Video']);
  await expect(overlay.getByRole('button', { name: 'Text' })).toBeFocused();
  await expectAccessible(page);

  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(overlay.getByRole('button', { name: 'Quote' })).toBeFocused();
  await page.keyboard.press('c');
  await expect(overlay.getByRole('button', { name: 'Link' })).toBeFocused();
  await page.keyboard.press('Shift+C');
  await expect(overlay.getByRole('button', { name: 'Quote' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(overlay.getByRole('button', { name: 'Link' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(overlay).toHaveCount(0);

  // The compose button toggles it too; the left arrow wraps to the last type; Enter picks.
  await page.getByRole('button', { name: 'Compose a post' }).click();
  await expect(overlay.getByRole('button', { name: 'Text' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(overlay.getByRole('button', { name: 'Video' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/new\/video$/);
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'New video post' })).toBeAttached();
  await expect(overlay).toHaveCount(0);
  // Nothing typed: Escape closes the form at once and the address returns to the dashboard.
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/dashboard$/);

  // Hovering an icon selects it, as a click would pick it.
  await page.getByRole('button', { name: 'Compose a post' }).click();
  await overlay.getByRole('button', { name: 'Chat' }).hover();
  await expect(overlay.getByRole('button', { name: 'Chat' })).toBeFocused();
  await overlay.getByRole('button', { name: 'Chat' }).click();
  await expect(page).toHaveURL(/\/new\/chat$/);
  await expect(page.getByRole('banner')).toHaveAttribute('data-hidden', 'true');
  await expectAccessible(page);
});

test('the header: logo hover images, hiding on scroll down and showing on scroll up', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 500 });
  await registerAndOpenDashboard(page, newPerson('header'));
  const logo = page.getByRole('link', { name: 'Tumbleweed: dashboard' });
  const seen = new Set<string>();
  for (let i = 0; i < 5; i++) {
    await logo.hover();
    const image = logo.locator('img[data-logo-image]');
    await expect(image).toBeVisible();
    seen.add((await image.getAttribute('data-logo-image'))!);
    await page.mouse.move(500, 400);
    await expect(image).toHaveCount(0);
  }
  // Five hovers show all five images: none repeats before all are used.
  expect(seen.size).toBe(5);

  const header = page.getByRole('banner');
  await expect(header).toHaveCSS('height', '52px');
  await page.evaluate(() => {
    document.body.style.minHeight = '3000px';
  });
  await page.mouse.wheel(0, 600);
  await expect(header).toHaveAttribute('data-hidden', 'true');
  await page.mouse.wheel(0, -200);
  await expect(header).not.toHaveAttribute('data-hidden', 'true');
});

test('on a phone the header keeps activity, account and compose inside the window', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerAndOpenDashboard(page, newPerson('phone'));
  for (const name of [/^Activity/, /^Account menu$/, /^Compose a post$/]) {
    const box = await page.getByRole('banner').getByRole('button', { name }).boundingBox();
    expect(box, String(name)).not.toBeNull();
    expect(box!.x + box!.width, String(name)).toBeLessThanOrEqual(390);
  }
});

// Issue 22 #23 (spec 1 §6): messaging appears only if can_message. An unverified account has no
// inbox tab and no send control on a post; once the email is verified, both are there.
test('messaging shows only for an account that can message', async ({ page }) => {
  const person = newPerson('unverified');
  await registerAndOpenDashboard(page, person);
  const info = (await (await page.request.get('/svc/user/info')).json()) as { response: { form_key: string; user: { can_message: boolean } } };
  expect(info.response.user.can_message).toBe(false);
  const saved = await page.request.post('/svc/post/update', {
    headers: { 'x-form-key': info.response.form_key },
    data: { channel_id: person.blogName, 'post[type]': 'text', 'post[one]': 'Nobody to tell yet', 'post[two]': '<p>Quiet.</p>' },
  });
  expect(saved.status()).toBe(200);
  await page.reload();
  const post = page.getByRole('feed').getByRole('article').filter({ hasText: 'Nobody to tell yet' });
  await expect(post.getByRole('button', { name: 'Share' })).toBeVisible();
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: /^Activity/ })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Inbox' })).toHaveCount(0);
  await expect(post.getByRole('button', { name: 'Send this post' })).toHaveCount(0);

  await page.goto(await verificationLinkFor(person.email));
  await page.waitForURL('**/dashboard');
  await expect(banner.getByRole('button', { name: 'Inbox' })).toBeVisible();
  await expect(post.getByRole('button', { name: 'Send this post' })).toBeVisible();
});

// Issue 22 #24: a lazily loaded panel whose code is gone (a tab left open across a redeploy) fails
// alone: the header stays, the panel offers a reload, and the failure reaches the server's log.
test('a page or panel whose code cannot load fails alone, offers a reload and is logged', async ({ page }) => {
  await registerAndOpenDashboard(page, newPerson('redeploy'));
  const gone = /\/assets\/(ExplorePage|AccountPopover)-[^/]*\.js$/;
  await page.route(gone, (route) => route.abort());

  const logged = page.waitForRequest((request) => request.url().endsWith('/services/cslog') && (request.postData() ?? '').includes('"panel":"page:ExplorePage"'));
  await page.getByRole('banner').getByRole('link', { name: 'Explore' }).click();
  const failure = page.getByRole('main').getByRole('alert');
  await expect(failure).toContainText('This part of the page could not load.');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu' })).toBeVisible();
  const batch = JSON.parse((await logged).postData()!) as { events: { name: string; panel: string; error: string; pt: string }[] };
  expect(batch.events).toContainEqual(expect.objectContaining({ name: 'panel_load_error', panel: 'page:ExplorePage', pt: '/explore' }));
  await page.screenshot({ path: test.info().outputPath('panel-failed-1280.png') });

  // A header panel fails inside its popover; the page under it stays.
  await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Account' }).getByRole('alert')).toContainText('This part of the page could not load.');
  await expect(failure).toBeVisible();
  await page.keyboard.press('Escape');

  // With the code back, the reload brings the page.
  await page.unroute(gone);
  await failure.getByRole('button', { name: 'Reload the page' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL(/\/explore$/);
  await expect(page.getByRole('main')).not.toBeEmpty();
});
