import { expect, test } from '@playwright/test';
import { newPerson, registerAndOpenDashboard } from './support/people';

// Issue 22 #20 and #25: what is typed the moment the form shows is kept, and an edit's notice says
// it was saved (not 'Posted to {blog}.').
test('a new post keeps the first keystrokes typed as the form appears; saving an edit says it was saved', async ({ page }) => {
  // A short window: the form does not fit, so it opens with its scroll into view (spec 1 §9).
  await page.setViewportSize({ width: 1280, height: 480 });
  const person = newPerson('quick');
  await registerAndOpenDashboard(page, person);

  await page.goto('/new/text');
  const form = page.getByRole('dialog', { name: 'New text post' });
  const title = form.getByRole('textbox', { name: 'Title', exact: true });
  await expect(title).toBeVisible();
  // Typed at once, without a click: the keys go to the title.
  await page.keyboard.type('A scheduled post');
  await expect(title).toHaveValue('A scheduled post');
  await expect(title).toBeFocused();
  await form.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: `Posted to ${person.blogName}.` })).toBeVisible();

  const card = page.getByRole('feed').getByRole('article').filter({ hasText: 'A scheduled post' });
  await card.getByRole('link', { name: 'Edit' }).click();
  const editing = page.getByRole('feed').getByRole('region', { name: 'Edit post' });
  await expect(editing.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('A scheduled post');
  await editing.getByRole('textbox', { name: 'Title', exact: true }).fill('A post, edited');
  await editing.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editing).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Your changes were saved.' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Posted to' })).toHaveCount(0);
  await expect(page.getByRole('feed').getByRole('article').filter({ hasText: 'A post, edited' })).toBeVisible();
});
