import { expect, test, type Page } from '@playwright/test';
import { E2E_BASE_URL } from '../playwright.config';
import { newPerson, registerAndOpenDashboard } from './support/people';

const card = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

/** A published text post by the logged-in person, made through the API. */
async function makePost(page: Page, blogName: string, title: string) {
  const formKey = await page.evaluate(async () => (await (await fetch('/svc/user/info')).json()).response.form_key);
  const saved = await page.request.post('/svc/post/update', {
    headers: { 'x-form-key': formKey },
    data: { channel_id: blogName, 'post[type]': 'text', 'post[one]': title, 'post[two]': `<p>${title}, in full.</p>` },
  });
  expect(saved.status()).toBe(200);
  return (await saved.json()).response.created_post as { id: string; post_url: string };
}

test("a post's timestamp opens its own page with its notes, for visitors too; an unknown post is a 404", async ({ page, browser }) => {
  const ann = newPerson('perma');
  await registerAndOpenDashboard(page, ann);
  await makePost(page, ann.blogName, 'Evening light');
  await page.goto(`/blog/${ann.blogName}`);
  await card(page, 'Evening light').getByRole('time').click();

  await expect(page).toHaveURL(new RegExp(`/blog/${ann.blogName}/post/\\d+/evening-light$`));
  await expect(card(page, 'Evening light')).toContainText('Evening light, in full.');
  await expect(page.getByRole('region', { name: 'Notes' })).toContainText('No notes yet.');
  await expect(page).toHaveTitle('Evening light · ' + ann.blogName + ' · Tumbleweed');
  const permalink = page.url();

  // A visitor with no session reads it too, under the blog's header, and the page answers 200.
  const visitor = await browser.newContext();
  const outside = await visitor.newPage();
  const answer = await outside.goto(permalink);
  expect(answer?.status()).toBe(200);
  await expect(card(outside, 'Evening light')).toContainText('Evening light, in full.');
  await expect(outside.getByTestId('blog-header')).toContainText(ann.blogName);
  await expect(outside.getByRole('region', { name: 'Notes' })).toBeVisible();

  const unknown = await outside.goto(`/blog/${ann.blogName}/post/12345/nothing`);
  expect(unknown?.status()).toBe(404);
  await expect(outside.getByRole('heading', { name: 'There is nothing here.' })).toBeVisible();
  await expect(outside).toHaveTitle('Post not found · Tumbleweed');
  await visitor.close();
});

test('every page names itself in the title, and an address that is no page answers 404', async ({ page }) => {
  const bo = newPerson('titles');
  await registerAndOpenDashboard(page, bo);
  const titles: string[] = [];
  for (const path of ['/dashboard', '/settings', `/blog/${bo.blogName}`, `/blog/${bo.blogName}/drafts`, '/following']) {
    await page.goto(path);
    await expect(page).not.toHaveTitle('Tumbleweed');
    titles.push(await page.title());
  }
  expect(titles).toEqual(['Dashboard · Tumbleweed', 'Settings · Tumbleweed', `${bo.blogName} · Tumbleweed`, `Drafts · ${bo.blogName} · Tumbleweed`, 'Following · Tumbleweed']);

  const missing = await page.goto('/nothing/here');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'There is nothing here.' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Tumbleweed');
});

test('browsing at another address than PUBLIC_URL, blog names and timestamps keep the person there and logged in', async ({ browser }) => {
  // The server's PUBLIC_URL is http://127.0.0.1:{port}; this person uses http://localhost:{port},
  // as someone on a LAN address would: a different host, with its own cookies.
  const elsewhere = E2E_BASE_URL.replace('127.0.0.1', 'localhost');
  const context = await browser.newContext({ baseURL: elsewhere });
  const page = await context.newPage();
  const cy = newPerson('lan');
  await registerAndOpenDashboard(page, cy);
  await makePost(page, cy.blogName, 'Over the LAN');

  await page.goto('/dashboard');
  // A blog name opens the blog viewer drawer (spec 2 §2); its link to the blog's page stays on this host.
  await card(page, 'Over the LAN').getByRole('link', { name: cy.blogName, exact: true }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'View blog' }).click();
  await expect(page).toHaveURL(`${elsewhere}/blog/${cy.blogName}`);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  await card(page, 'Over the LAN').getByRole('time').click();
  await expect(page).toHaveURL(new RegExp(`^${elsewhere}/blog/${cy.blogName}/post/\\d+/over-the-lan$`));
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await context.close();
});
