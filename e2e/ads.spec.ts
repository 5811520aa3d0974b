import { expect, test, type Page } from '@playwright/test';
import { verificationLinkFor } from './support/outbox';
import { newPerson, registerAndOpenDashboard } from './support/people';

const formKey = (page: Page) => page.evaluate(async () => (await (await fetch('/svc/user/info')).json()).response.form_key as string);

/** A text post through the API; its id. */
async function write(page: Page, blogName: string, title: string): Promise<string> {
  const saved = await page.request.post('/svc/post/update', {
    headers: { 'x-form-key': await formKey(page) },
    data: { channel_id: blogName, 'post[type]': 'text', 'post[one]': title, 'post[two]': `<p>${title}, in words.</p>` },
  });
  expect(saved.status()).toBe(200);
  return String((await saved.json()).response.post.id);
}

test('ads: a drawer of 25 posts carries two sponsored promoted posts; the lrec slot fills on a wide window, not on a narrow one', async ({ browser }) => {
  test.setTimeout(90_000);
  const host = newPerson('harbor');
  const advertiser = newPerson('kiosk');
  const reader = newPerson('browser');
  const hostContext = await browser.newContext();
  const adContext = await browser.newContext();
  const wideContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const h = await hostContext.newPage();
  const a = await adContext.newPage();
  const page = await wideContext.newPage();
  try {
    await registerAndOpenDashboard(h, host);
    for (let i = 0; i < 25; i += 5) await Promise.all([0, 1, 2, 3, 4].map((j) => write(h, host.blogName, `Harbor note ${i + j}`)));
    await registerAndOpenDashboard(a, advertiser);
    for (const title of ['Kiosk lemonade', 'Kiosk pretzels', 'Kiosk maps']) {
      const id = await write(a, advertiser.blogName, title);
      const promoted = await a.request.post('/svc/promote', { headers: { 'x-form-key': await formKey(a) }, data: { post_id: id, budget: 100 } });
      expect(promoted.status()).toBe(200);
    }

    await registerAndOpenDashboard(page, reader);
    // The lrec slot is the lrec_on_blog_pages_peepr flag's (off by default): an admin turns it on
    // for this reader alone (journeys share the server, so never site-wide).
    const admin = { ...newPerson('ads-admin'), email: 'ads-admin@example.com' };
    const adminPage = await (await browser.newContext()).newPage();
    await registerAndOpenDashboard(adminPage, admin);
    await adminPage.goto(await verificationLinkFor(admin.email));
    await adminPage.waitForURL('**/dashboard');
    const on = await adminPage.request.post('/svc/admin/flags/override', {
      headers: { 'x-form-key': await formKey(adminPage) },
      data: { name: 'lrec_on_blog_pages_peepr', tumblelog: reader.blogName, state: 'on' },
    });
    expect(on.status()).toBe(200);
    await adminPage.context().close();
    await page.goto(`/dashboard?blog_name=${host.blogName}`);
    const drawer = page.getByRole('dialog', { name: host.blogName, exact: true });
    const feed = drawer.getByRole('feed', { name: `Posts by ${host.blogName}` });
    await expect(feed.getByText(/^Harbor note/).first()).toBeVisible();
    // Scroll to the end: 25 posts in three pages, an ad after the 10th and the 20th.
    for (let i = 0; i < 6; i++) {
      await drawer.locator('xpath=./div').evaluate((panel) => panel.scrollTo(0, panel.scrollHeight));
      await page.waitForTimeout(400);
    }
    await expect(drawer.getByText("That's all.")).toBeVisible();
    const sponsored = feed.locator('[data-ad]');
    await expect(sponsored).toHaveCount(2);
    for (const slot of await sponsored.all()) {
      await expect(slot.getByText('Sponsored', { exact: true })).toBeVisible();
      await expect(slot.getByRole('article')).toContainText(advertiser.blogName);
      await expect(slot.getByRole('article')).toContainText(/Kiosk (lemonade|pretzels|maps)/);
    }
    // Two different ads on the page, each after a tenth post.
    const adIds = await sponsored.evaluateAll((slots) => slots.map((s) => s.getAttribute('data-ad')));
    expect(new Set(adIds).size).toBe(2);
    const positions = await feed.evaluate((list) =>
      [...list.children].map((c) => (c.hasAttribute('data-ad') ? 'ad' : 'post')).flatMap((kind, i, all) => (kind === 'ad' ? [all.slice(0, i).filter((k) => k === 'post').length] : [])),
    );
    expect(positions).toEqual([10, 20]);

    // The lrec slot beside the posts on a wide window: a 300x250 sponsored promoted post.
    const lrec = drawer.getByRole('complementary', { name: 'Sponsored post' });
    await expect(lrec.locator('[data-ad]')).toBeVisible();
    await expect(lrec).toContainText(advertiser.blogName);
    const box = await lrec.boundingBox();
    expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([300, 250]);

    // A narrow window has no lrec slot at all.
    await page.setViewportSize({ width: 800, height: 900 });
    await expect(drawer.getByRole('complementary', { name: 'Sponsored post' })).toHaveCount(0);
    await expect(feed.locator('[data-ad]')).toHaveCount(2);
  } finally {
    await hostContext.close();
    await adContext.close();
    await wideContext.close();
  }
});
