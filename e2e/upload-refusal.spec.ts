import { expect, test } from '@playwright/test';
import { newPerson, registerAndOpenDashboard } from './support/people';

test('a photo the server refuses says so in its tile, offers only Remove, and does not count', async ({ page }) => {
  await registerAndOpenDashboard(page, newPerson('refused'));
  await page.getByRole('navigation', { name: 'Make a post' }).getByRole('link', { name: 'Photo', exact: true }).click();
  const form = page.getByRole('dialog').first();
  // Named and typed as a PNG, so the form sends it; the server reads the bytes and refuses them.
  await form.locator('input[type=file]').setInputFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: Buffer.from('these bytes are no picture at all') });

  const row = form.getByRole('list', { name: 'Photos' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('alert')).toHaveText('holiday.png: This is not valid image file.');
  await expect(row.getByRole('img', { name: 'Photo 1: not added' })).toHaveText('Not added');
  await expect(row.getByText('Photos can be JPEG, PNG, GIF or WebP images.')).toBeVisible();
  // No broken image, and nothing to do but remove it.
  await expect(row.locator('img')).toHaveCount(0);
  await expect(row.getByRole('button')).toHaveText(['Remove']);
  await expect(form.getByText('0 of 10 photos.')).toBeVisible();

  await row.getByRole('button', { name: 'Remove photo 1' }).click();
  await expect(row).toHaveCount(0);
});
