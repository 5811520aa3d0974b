import { expect, test, type Page } from '@playwright/test';
import { newPerson, registerAndOpenDashboard } from './support/people';

const formKey = (page: Page) => page.evaluate(async () => (await (await fetch('/svc/user/info')).json()).response.form_key as string);
const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS) await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
};

async function write(page: Page, blogName: string, title: string) {
  const saved = await page.request.post('/svc/post/update', {
    headers: { 'x-form-key': await formKey(page) },
    data: { channel_id: blogName, 'post[type]': 'text', 'post[one]': title, 'post[two]': `<p>${title}, in words.</p>` },
  });
  expect(saved.status()).toBe(200);
}

test('undo: unfollow and delete act at once; Undo keeps the follow and the post; a delete left alone goes', async ({ browser }) => {
  test.setTimeout(60_000);
  const writer = newPerson('scribe');
  const reader = newPerson('owl');
  const writerContext = await browser.newContext();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const w = await writerContext.newPage();
  const page = await context.newPage();
  try {
    await registerAndOpenDashboard(w, writer);
    await registerAndOpenDashboard(page, reader);
    const followed = await page.request.post('/svc/follow', { headers: { 'x-form-key': await formKey(page) }, data: { tumblelog: writer.blogName } });
    expect(followed.status()).toBe(200);
    await write(page, reader.blogName, 'Keep me');
    await write(page, reader.blogName, 'Drop me');

    // Unfollow, then Undo: still followed after a reload.
    await page.goto('/following');
    const row = page.getByRole('listitem').filter({ hasText: writer.blogName });
    await row.getByRole('button', { name: 'Unfollow', exact: true }).click();
    await expect(row.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
    const toast = page.getByRole('status').filter({ hasText: `You unfollowed ${writer.blogName}.` });
    await expect(toast).toBeVisible();
    await shot(page, 'unfollow-1280');
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect(row.getByRole('button', { name: 'Unfollow', exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.reload();
    await expect(page.getByRole('listitem').filter({ hasText: writer.blogName }).getByRole('button', { name: 'Unfollow', exact: true })).toBeVisible();

    // Delete, then Undo by keyboard: the post comes back in place and stays after a reload.
    await page.goto(`/blog/${reader.blogName}`);
    const keep = page.getByRole('article').filter({ hasText: 'Keep me' });
    await keep.getByRole('button', { name: 'Delete' }).click();
    await expect(keep).toHaveCount(0);
    const deleted = page.getByRole('status').filter({ hasText: 'Post deleted.' });
    await expect(deleted).toBeVisible();
    await page.setViewportSize({ width: 390, height: 800 });
    await shot(page, 'delete-390');
    await deleted.getByRole('button', { name: 'Undo' }).focus();
    await page.keyboard.press('Enter');
    await expect(keep).toBeVisible();
    await page.reload();
    await expect(page.getByRole('article').filter({ hasText: 'Keep me' })).toBeVisible();

    // Delete left alone: the toast goes after its few seconds, and the post is gone after a reload.
    await page.mouse.move(0, 0);
    await page.getByRole('article').filter({ hasText: 'Drop me' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('article').filter({ hasText: 'Drop me' })).toHaveCount(0);
    await expect(page.getByText('Post deleted.')).toBeVisible();
    await expect(page.getByText('Post deleted.')).toHaveCount(0, { timeout: 10_000 });
    await page.waitForLoadState('networkidle');
    await page.reload();
    await expect(page.getByRole('article').filter({ hasText: 'Keep me' })).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: 'Drop me' })).toHaveCount(0);
  } finally {
    await writerContext.close();
    await context.close();
  }
});
