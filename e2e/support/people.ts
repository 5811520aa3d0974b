import { expect, type Page } from '@playwright/test';
import { verificationLinkFor } from './outbox';

let counter = 0;
/** A person nobody has registered yet in this run. */
export function newPerson(prefix: string) {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}`;
  return { email: `${prefix}-${id}@example.com`, password: 'correct horse battery', blogName: `${prefix}-${id}` };
}

/** Registers through the API (the browser context keeps the session cookie) and opens the dashboard. */
export async function registerAndOpenDashboard(page: Page, person: ReturnType<typeof newPerson>) {
  const res = await page.request.post('/svc/account/register', {
    data: { email: person.email, password: person.password, blog_name: person.blogName },
  });
  expect(res.status()).toBe(200);
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

/** Registers, verifies the email (messaging needs it) and opens the dashboard. */
export async function verifiedPerson(page: Page, prefix: string) {
  const person = newPerson(prefix);
  await registerAndOpenDashboard(page, person);
  await page.goto(await verificationLinkFor(person.email));
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('button', { name: 'Inbox' })).toBeVisible();
  return person;
}
