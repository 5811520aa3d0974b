import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { newPerson, registerAndOpenDashboard } from './support/people';

// Issue 24.4 (alt text and its reminder) and 24.9 (reblogging one's own post).
const form = (page: Page) => page.getByRole('dialog', { name: /post$/ });
const card = (page: Page, text: string) => page.getByRole('feed').getByRole('article').filter({ hasText: text });
const REMINDER = 'A photo in this post has no alt text.';
const reminder = (page: Page) => page.getByRole('dialog').filter({ hasText: REMINDER });

async function photoForm(page: Page, address: string, caption: string) {
  await page.getByRole('navigation', { name: 'Make a post' }).getByRole('link', { name: 'Photo', exact: true }).click();
  await expect(form(page)).toBeVisible();
  await form(page).getByRole('textbox', { name: 'Photo URL' }).fill(address);
  await form(page).getByRole('button', { name: 'Add photo' }).click();
  await form(page).getByLabel('Caption for photo 1').fill(caption);
}

test('alt text is asked for, drawn as the photo’s alt, kept by a reblog of one’s own post; the reminder can be turned off', async ({ page, baseURL }) => {
  const person = newPerson('alt');
  await registerAndOpenDashboard(page, person);
  const avatar = `${baseURL}/svc/avatar/${person.blogName}/512`;
  const alt = 'A round avatar with the first letter of the blog’s name';

  // Posting a photo without alt text: the reminder asks first; "Add alt text" goes to the field.
  await photoForm(page, avatar, 'Alt text journey');
  await form(page).getByRole('button', { name: 'Post', exact: true }).click();
  await expect(reminder(page)).toBeVisible();
  await expect(reminder(page).getByRole('button', { name: 'Post anyway' })).toBeVisible();
  await expectAccessible(page);
  await reminder(page).getByRole('button', { name: 'Add alt text' }).click();
  await expect(reminder(page)).toHaveCount(0);
  await expect(form(page).getByLabel('Alt text for photo 1')).toBeFocused();
  await page.keyboard.type(alt);
  await form(page).getByRole('button', { name: 'Post', exact: true }).click();
  await expect(form(page)).toHaveCount(0);
  await expect(reminder(page)).toHaveCount(0);

  // The card draws it as the photo's alt, and so does the lightbox.
  const posted = card(page, 'Alt text journey');
  await expect(posted.getByRole('img', { name: alt })).toBeVisible();
  await posted.getByRole('button', { name: 'Open photo' }).click();
  const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
  await expect(viewer.getByRole('img', { name: alt })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // One's own post has a reblog control; reblogged now, the copy keeps the alt text.
  await posted.getByRole('button', { name: 'More reblog options' }).click();
  await page.getByRole('menuitem', { name: 'Reblog now' }).click();
  await expect(posted.getByRole('status').filter({ hasText: `Reblogged to ${person.blogName}` })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('feed').getByRole('img', { name: alt })).toHaveCount(2);

  // Turned off in the dashboard settings, the reminder no longer asks.
  await page.goto('/settings/dashboard');
  const setting = page.getByRole('switch', { name: /Alt text reminder/ });
  await expect(setting).toBeChecked();
  await setting.uncheck();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/dashboard');
  await photoForm(page, avatar, 'Posted without a question');
  await form(page).getByRole('button', { name: 'Post', exact: true }).click();
  await expect(form(page)).toHaveCount(0);
  await expect(reminder(page)).toHaveCount(0);
  await expect(card(page, 'Posted without a question')).toBeVisible();
});
