import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { emailTo } from './support/outbox';
import { verifiedPerson } from './support/people';

const formKey = (page: Page) => page.evaluate(async () => (await (await fetch('/svc/user/info')).json()).response.form_key as string);

/** The newest email to `to` once it is the one that says this (emails go out after the answers). */
async function mailWith(to: string, subject: string): Promise<string> {
  const until = Date.now() + 15_000;
  for (;;) {
    const mail = await emailTo(to);
    if (mail.includes(subject)) return mail;
    if (Date.now() > until) throw new Error(`No "${subject}" email to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

test('leaving: export your data, delete a blog, then delete the account', async ({ page }) => {
  const person = await verifiedPerson(page, 'leave');
  const second = `${person.blogName}-2`;
  expect((await page.request.post('/svc/blog/create', { data: { name: second }, headers: { 'x-form-key': await formKey(page) } })).status()).toBe(200);

  // The export: asked for, made by the server's job, offered here and by email.
  await page.goto('/settings/account');
  await page.getByRole('button', { name: 'Export your data' }).click();
  await expect(page.getByText('Your export is ready.')).toBeVisible({ timeout: 20_000 });
  const download = page.getByRole('link', { name: /^Download your export/ });
  const file = await page.request.get((await download.getAttribute('href'))!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/zip');
  const link = (await mailWith(person.email, 'Your export is ready')).match(/https?:\/\/[^\s"<>]+\/svc\/account\/export\/download\/[A-Za-z0-9_-]+/)![0];
  expect((await page.request.get(link)).status()).toBe(200);
  await expectAccessible(page);

  // Deleting the second blog: the dialog asks for the password, and says when it is wrong.
  await page.goto(`/blog/${second}/settings`);
  await page.getByRole('button', { name: 'Delete this blog' }).click();
  const blogDialog = page.getByRole('dialog', { name: `Delete ${second}?` });
  await expect(blogDialog.getByLabel('Your password')).toBeFocused();
  await blogDialog.getByLabel('Your password').fill('not my password');
  await blogDialog.getByRole('button', { name: 'Delete this blog' }).click();
  await expect(blogDialog.getByText('That is not your current password.')).toBeVisible();
  await expectAccessible(page);
  await blogDialog.getByLabel('Your password').fill(person.password);
  await blogDialog.getByRole('button', { name: 'Delete this blog' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await page.request.get(`/svc/data/tumblelog?tumblelog=${second}`)).status()).toBe(404);
  await mailWith(person.email, `Your blog "${second}" is deleted`);

  // The last blog has no delete button: the account goes as a whole, by keyboard here.
  await page.goto(`/blog/${person.blogName}/settings`);
  await expect(page.getByText('This is your only blog.')).toBeVisible();
  await page.goto('/settings/account');
  await page.getByRole('button', { name: 'Delete account' }).focus();
  await page.keyboard.press('Enter');
  const accountDialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(accountDialog.getByLabel('Your password')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(accountDialog).toBeHidden();
  await page.getByRole('button', { name: 'Delete account' }).click();
  await page.keyboard.type(person.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login\?account=deleted$/);
  await expect(page.getByText('Your account is deleted, and you are logged out everywhere.')).toBeVisible();
  expect((await page.request.get('/svc/user/info')).status()).toBe(401);
  await mailWith(person.email, 'Your account is deleted');
  await expectAccessible(page);
});
