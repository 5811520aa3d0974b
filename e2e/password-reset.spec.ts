import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { resetLinkFor } from './support/outbox';
import { newPerson } from './support/people';

test('forgot password: ask for the link, open it from the email, set a new password, log in with it', async ({ page, context }) => {
  const person = newPerson('forgot');
  const res = await page.request.post('/svc/account/register', {
    data: { email: person.email, password: person.password, blog_name: person.blogName },
  });
  expect(res.status()).toBe(200);
  // Someone who cannot log in: no session in this browser.
  await context.clearCookies();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: 'Send me the link' }).click();
  // The word that the link is on its way takes the focus, so a screen reader reads it.
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeFocused();
  await expect(page.getByText(`If an account uses ${person.email}`)).toBeVisible();

  await page.goto(await resetLinkFor(person.email));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectAccessible(page);
  // A guessable password is refused under the field, and the link stays good.
  const field = page.getByLabel('New password');
  await field.fill('password123');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByText(/too easy to guess/)).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const newPassword = 'quiet river lantern morning';
  await field.fill(newPassword);
  await page.getByRole('button', { name: 'Set the new password' }).click();

  await expect(page).toHaveURL(/\/login\?reset=done$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your password is changed' })).toBeVisible();
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
});
