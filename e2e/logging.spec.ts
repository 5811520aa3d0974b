import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { newPerson, registerAndOpenDashboard } from './support/people';

// Issue 17: a post seen on the dashboard is logged as an impression (sent by the beacon as the page
// goes), and the owner's insights show it after a refresh; anyone else is told there is no such blog.
test('an impression made on the dashboard shows on the owner’s insights page', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const owner = newPerson('insights');
  await registerAndOpenDashboard(page, owner);
  const info = (await (await page.request.get('/svc/user/info')).json()) as { response: { form_key: string } };
  const created = await page.request.post('/svc/post/update', {
    headers: { 'x-form-key': info.response.form_key },
    data: { channel_id: owner.blogName, 'post[type]': 'text', 'post[one]': 'Counted once', 'post[two]': '<p>Seen for a second.</p>' },
  });
  expect(created.status()).toBe(200);

  await page.reload();
  await expect(page.getByRole('feed').getByRole('article').filter({ hasText: 'Counted once' })).toBeVisible();
  await page.waitForTimeout(1500);
  // Leaving the page sends what the queue holds.
  await page.goto(`/blog/${owner.blogName}/insights`);
  await expect(page.getByRole('heading', { name: 'Insights' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Per day over 30 days/ })).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: 'Counted once' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row.getByRole('cell').nth(1)).toHaveText('1', { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('img', { name: /1 impressions/ })).toBeVisible();
  await expectAccessible(page);

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await registerAndOpenDashboard(other, newPerson('nosy'));
  await other.goto(`/blog/${owner.blogName}/insights`);
  await expect(other.getByText(/Go to your dashboard/)).toBeVisible();
  await otherContext.close();
});
