import { expect, request as playwrightRequest, test } from '@playwright/test';
import { generate } from 'otplib';
import { E2E_BASE_URL } from '../playwright.config';
import { expectAccessible } from './support/axe';
import { newPerson, registerAndOpenDashboard } from './support/people';

const SETTINGS_PAGES = [
  ['/settings', 'Settings'],
  ['/settings/account', 'Account'],
  ['/settings/password', 'Change your password'],
  ['/settings/tfa', 'Two-factor login'],
  ['/settings/notifications', 'Email notifications'],
  ['/settings/apps', 'Where you are logged in'],
  ['/settings/dashboard', 'Dashboard'],
  ['/help', 'Help'],
] as const;

test('two-factor login: enrol with the QR code key, log out, log in with the code', async ({ page }) => {
  const person = newPerson('tfa');
  await registerAndOpenDashboard(page, person);
  await page.goto('/settings/tfa');
  const nav = page.getByRole('navigation', { name: 'Settings' });
  await expect(nav.getByRole('link', { name: 'Two-factor login' })).toHaveAttribute('aria-current', 'page');
  // Inside settings every section opens in place (issue 25.7): only the mobile drawer's open new tabs.
  for (const name of ['Account', 'Notifications', 'Apps and sessions']) {
    await expect(nav.getByRole('link', { name })).not.toHaveAttribute('target', /.+/);
  }
  await page.getByRole('button', { name: 'Set up two-factor login' }).click();
  await expect(page.getByRole('img', { name: 'QR code to add your account to an authenticator app' })).toBeVisible();
  const secret = (await page.getByText(/^Key:/).textContent())!.replace('Key:', '').trim();
  await expectAccessible(page);

  // A wrong code first: the field says so and nothing is turned on.
  await page.getByLabel('The 6-digit code the app shows').fill('000000');
  await page.getByRole('button', { name: 'Turn on two-factor login' }).click();
  await expect(page.getByText(/That code is not right/)).toBeVisible();
  await page.getByLabel('The 6-digit code the app shows').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Turn on two-factor login' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('Two-factor login is on. 10 of 10 recovery codes left.')).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.goto('/login');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  const codeField = page.getByLabel('Two-factor code');
  await expect(codeField).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await expectAccessible(page);
  // The enrolment used this period's code: the next period's is the one to log in with.
  await codeField.fill(await generate({ secret, epoch: Date.now() / 1000 + 30 }));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu' })).toBeVisible();
});

test('ending another session from the sessions list logs that browser out', async ({ page }) => {
  const person = newPerson('apps');
  await registerAndOpenDashboard(page, person);
  // A second browser, logged in through the API with a phone's User-Agent.
  const phone = await playwrightRequest.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { 'user-agent': 'Mozilla/5.0 (Android 14; Mobile; rv:140.0) Gecko/140.0 Firefox/140.0' },
  });
  try {
    expect((await phone.post('/svc/account/login', { data: { email: person.email, password: person.password } })).status()).toBe(200);
    expect((await phone.get('/svc/user/info')).status()).toBe(200);
    await page.goto('/settings/apps');
    const sessions = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
    await expect(sessions).toHaveCount(2);
    await expect(sessions.filter({ hasText: 'This browser' })).toHaveCount(1);
    await expectAccessible(page);
    await page.getByRole('button', { name: /^Log out Firefox on Android/ }).click();
    await expect(sessions).toHaveCount(1);
    expect((await phone.get('/svc/user/info')).status()).toBe(401);
    // This browser goes on.
    await page.reload();
    await expect(sessions.filter({ hasText: 'This browser' })).toHaveCount(1);
  } finally {
    await phone.dispose();
  }
});

for (const size of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`every settings page has no serious WCAG 2.2 AA violation at ${size.width}x${size.height}`, async ({ page }) => {
    await page.setViewportSize(size);
    await registerAndOpenDashboard(page, newPerson('a11y'));
    for (const [path, heading] of SETTINGS_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectAccessible(page);
    }
  });
}

test("a blog title in its chosen font: the font's file loads only where a title uses it", async ({ page }) => {
  const person = newPerson('fonts');
  await registerAndOpenDashboard(page, person);
  const fontRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/fonts/')) fontRequests.push(new URL(request.url()).pathname);
  });
  await page.goto(`/blog/${person.blogName}`);
  await expect(page.getByTestId('blog-header')).toBeVisible();
  expect(fontRequests).toEqual([]);

  await page.goto(`/blog/${person.blogName}/settings`);
  await page.getByLabel('Title font').selectOption('Lobster');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await page.goto(`/blog/${person.blogName}`);
  const title = page.getByTestId('blog-header').getByRole('heading', { level: 1 });
  await expect(title).toHaveCSS('font-family', /Lobster/);
  expect(fontRequests).toContain('/fonts/lobster/latin-400.woff2');
  await expectAccessible(page);
});
