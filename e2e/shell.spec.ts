import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
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
