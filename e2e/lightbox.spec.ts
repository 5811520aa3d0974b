import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from './support/axe';
import { verifiedPerson } from './support/people';

const formKey = (page: Page) => page.evaluate(async () => (await (await fetch('/svc/user/info')).json()).response.form_key as string);

/** Wider than the main size a card shows (1080), so a larger one (1280) is stored too. */
const photo = (background: string) => sharp({ create: { width: 1600, height: 1000, channels: 3, background } }).png().toBuffer();

test('a photo set opens large, moves with the arrows and closes with Escape', async ({ page }) => {
  const person = await verifiedPerson(page, 'lightbox');
  const key = await formKey(page);
  const fields: Record<string, string> = { channel_id: person.blogName, 'post[type]': 'photo', 'post[two]': '<p>Two harbours</p>', 'caption[o1]': 'Red harbour at dusk' };
  for (const [i, colour] of ['#c33', '#36c'].entries()) {
    const res = await page.request.post('/svc/media/upload', { headers: { 'x-form-key': key }, multipart: { photo: { name: `p${i}.png`, mimeType: 'image/png', buffer: await photo(colour) } } });
    expect(res.status()).toBe(200);
    fields[`images[o${i + 1}]`] = ((await res.json()) as { response: { url: string }[] }).response[0]!.url;
  }
  const saved = await page.request.post('/svc/post/update', { headers: { 'x-form-key': key }, data: fields });
  expect(saved.status(), await saved.text()).toBe(200);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
    await page.goto('/dashboard');
    const post = page.getByRole('feed').getByRole('article').filter({ hasText: 'Two harbours' });
    const opener = post.getByRole('button', { name: 'Open photo 1 of 2' });
    await opener.focus();
    await post.screenshot({ path: test.info().outputPath(`card-${width}.png`) });
    await opener.click();
    const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
    await expect(viewer.getByText('1 of 2')).toBeVisible();
    await expect(viewer.getByText('Red harbour at dusk')).toBeVisible();
    const image = viewer.locator('img');
    await expect(image).toHaveJSProperty('complete', true);
    // The largest stored size (1280 wide), not the card's (the 1080 main size).
    await expect(image).toHaveJSProperty('naturalWidth', 1280);
    // Scaled to fit the window, whole.
    const box = (await image.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    await expect(viewer).toHaveCSS('opacity', '1');
    await page.screenshot({ path: test.info().outputPath(`lightbox-${width}.png`) });

    if (width > 600) await expectAccessible(page);

    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByText('2 of 2')).toBeVisible();
    await expect(viewer.getByText('Red harbour at dusk')).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(opener).toBeFocused();
  }
});
