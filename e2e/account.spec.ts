import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { verificationLinkFor } from './support/outbox';
import { newPerson, registerAndOpenDashboard } from './support/people';

test('a newcomer signs up, verifies, makes a second blog, changes settings, logs out and in', async ({ page }) => {
  const person = newPerson('journey');

  // Logged out: the header offers Log in and Sign up, and nothing of the logged-in parts.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign up' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  await expect(header.getByRole('button', { name: 'Compose a post' })).toHaveCount(0);
  await expectAccessible(page);

  // Sign up, with a wrong blog name first: the rule it breaks is named.
  await header.getByRole('link', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Sign up' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByLabel('Blog name').fill('-bad');
  await expect(page.getByText('Blog names cannot start or end with a hyphen.')).toBeVisible();
  await page.getByLabel('Blog name').fill(person.blogName);
  await page.getByRole('button', { name: 'Sign up' }).click();

  // The welcome steps (title, avatar, interests) are each skippable (e2e/getting-started.spec.ts).
  await expect(page).toHaveURL(/\/welcome$/);
  for (let step = 0; step < 3; step++) await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`we sent a link to ${person.email}`)).toBeVisible();
  await expect(header.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await expectAccessible(page);

  // The verification email is in the outbox; its link lands on the dashboard, verified.
  const link = await verificationLinkFor(person.email);
  await page.goto(link);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Compose a post' })).toBeVisible();
  await expect(page.getByText('Check your inbox')).toHaveCount(0);

  // One blog: the account menu lists it as current, and there is no blog selector.
  await expect(header.getByLabel('Current blog')).toHaveCount(0);
  await header.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Account' });
  await expect(menu.getByRole('button', { name: new RegExp(person.blogName) })).toHaveAttribute('aria-current', 'true');
  await expectAccessible(page);

  // A second blog becomes current; now the selector shows.
  const second = `${person.blogName}-two`;
  await menu.getByRole('button', { name: '+ New blog' }).click();
  await menu.getByLabel('Blog name').fill(second);
  await menu.getByLabel('Title (optional)').fill('My second blog');
  await menu.getByRole('button', { name: 'Create blog' }).click();
  await expect(menu.getByRole('button', { name: new RegExp(`^${second}`) })).toHaveAttribute('aria-current', 'true');
  await expect(header.getByLabel('Current blog')).toHaveValue(second);

  // Switch back from the menu; the choice survives a reload.
  await menu.getByRole('button', { name: new RegExp(`^${person.blogName} `) }).click();
  await expect(menu.getByRole('button', { name: new RegExp(`^${person.blogName} `) })).toHaveAttribute('aria-current', 'true');
  await expect(header.getByLabel('Current blog')).toHaveValue(person.blogName);

  // Settings in the menu: safe mode off, markdown editor; kept after a reload.
  await menu.getByRole('switch', { name: 'Safe mode' }).uncheck();
  await expect(menu.getByText('Saved.')).toBeVisible();
  await menu.getByLabel('Default editor').selectOption('markdown');
  await expect(menu.getByLabel('Default editor')).toHaveValue('markdown');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);

  await page.reload();
  await expect(header.getByLabel('Current blog')).toHaveValue(person.blogName);
  await header.getByRole('button', { name: 'Account menu' }).click();
  await expect(menu.getByRole('switch', { name: 'Safe mode' })).not.toBeChecked();
  await expect(menu.getByLabel('Default editor')).toHaveValue('markdown');

  // Log out: back to the login page, and the server no longer knows the session.
  await menu.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(header.getByRole('link', { name: 'Sign up' })).toBeVisible();
  expect((await page.request.get('/svc/user/info')).status()).toBe(401);

  // A wrong password is refused with the server's words; the right one logs in.
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(header.getByLabel('Current blog')).toHaveValue(person.blogName);
});

test('a verification link opened while logged in to another account asks before switching', async ({ page, request }) => {
  const visitor = newPerson('visitor');
  const stranger = newPerson('stranger');
  // The stranger signs up somewhere else (its own cookie jar); their link is what reaches the visitor.
  const signedUp = await request.post('/svc/account/register', {
    data: { email: stranger.email, password: stranger.password, blog_name: stranger.blogName },
  });
  expect(signedUp.status()).toBe(200);
  await registerAndOpenDashboard(page, visitor);
  const link = await verificationLinkFor(stranger.email);
  const whoAmI = async () => ((await (await page.request.get('/svc/user/info')).json()) as { response: { user: { email: string } } }).response.user.email;

  // Opening it asks; staying changes nothing.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Switch accounts?' })).toBeVisible();
  await expect(page.getByText(`You are logged in as ${visitor.email}.`)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: `Stay logged in as ${visitor.email}` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await whoAmI()).toBe(visitor.email);

  // Asked again and confirmed: verified, and logged in to the link's account.
  await page.goto(link);
  await page.getByRole('button', { name: 'Verify and switch accounts' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Check your inbox')).toHaveCount(0);
  expect(await whoAmI()).toBe(stranger.email);
});

test('a login form on another site cannot log the browser in', async ({ page, baseURL }) => {
  const person = newPerson('csrf');
  await registerAndOpenDashboard(page, person);
  await page.request.post('/svc/account/logout', { headers: { 'x-form-key': await formKey(page) } });
  // A page of another site that posts the attacker's login to ours.
  await page.route('http://evil.example/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<form method="post" action="${baseURL}/svc/account/login">
        <input name="email" value="${person.email}"><input name="password" value="${person.password}">
        <button>Go</button></form>`,
    }),
  );
  await page.goto('http://evil.example/');
  await page.getByRole('button', { name: 'Go' }).click();
  await expect(page.getByText('This form was sent from another website')).toBeVisible();
  expect((await page.request.get('/svc/user/info')).status()).toBe(401);
});

test('"Go back" on the follow page never leaves the site', async ({ page }) => {
  await registerAndOpenDashboard(page, newPerson('next'));
  // "/\evil.example/" is read by browsers as "//evil.example/".
  await page.goto('/follow/staff?next=%2F%5Cevil.example%2F');
  await expect(page.getByText('You follow staff')).toBeVisible();
  const back = page.getByRole('link', { name: 'Go to your dashboard' });
  await expect(back).toHaveAttribute('href', '/dashboard');
  await back.click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/dashboard$/);
});

async function formKey(page: import('@playwright/test').Page) {
  return ((await (await page.request.get('/svc/user/info')).json()) as { response: { form_key: string } }).response.form_key;
}
