import { expect, test, type Page } from '@playwright/test';
import { newPerson, registerAndOpenDashboard } from './support/people';

const formKey = (page: Page) => page.evaluate(async () => (await (await fetch('/svc/user/info')).json()).response.form_key as string);

// Issue 22 #18: after 'Reblog now' the footer counts the reblog at once, and the word that says it
// was done passes over the icons without moving them.
test("'Reblog now' counts the note at once and leaves the footer's icons on one line", async ({ browser }) => {
  const writer = newPerson('kiln');
  const reader = newPerson('potter');
  const writerContext = await browser.newContext();
  const readerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const w = await writerContext.newPage();
    await registerAndOpenDashboard(w, writer);
    const saved = await w.request.post('/svc/post/update', {
      headers: { 'x-form-key': await formKey(w) },
      data: { channel_id: writer.blogName, 'post[type]': 'text', 'post[one]': 'Fired today', 'post[two]': '<p>Glaze held.</p>' },
    });
    expect(saved.status()).toBe(200);

    const page = await readerContext.newPage();
    await registerAndOpenDashboard(page, reader);
    const followed = await page.request.post('/svc/follow', { headers: { 'x-form-key': await formKey(page) }, data: { tumblelog: writer.blogName } });
    expect(followed.status()).toBe(200);
    await page.goto('/dashboard');
    const card = page.getByRole('feed').getByRole('article').filter({ hasText: 'Fired today' });
    const footer = card.locator('footer');
    await expect(footer.getByRole('button', { name: '0 notes' })).toBeVisible();
    const like = footer.getByRole('button', { name: 'Like', exact: true });
    const before = (await like.boundingBox())!;
    const footerBefore = (await footer.boundingBox())!;

    await footer.getByRole('button', { name: 'More reblog options' }).click();
    await page.getByRole('menu', { name: 'Reblog options' }).getByRole('menuitem', { name: 'Reblog now' }).click();
    await expect(footer.getByRole('button', { name: '1 note', exact: true })).toBeVisible();
    const said = footer.getByText(`Reblogged to ${reader.blogName}`);
    await expect(said).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('reblog-now-390.png') });
    // While it shows, the icons and the footer keep their place: one line, as before.
    const after = (await like.boundingBox())!;
    expect(after.y).toBe(before.y);
    expect((await footer.boundingBox())!.height).toBe(footerBefore.height);
    // It passes; the green arrows keep saying it.
    await expect(said).toBeHidden();
    await expect(footer.getByRole('link', { name: 'Reblog' })).toHaveAccessibleDescription('You reblogged this.');
  } finally {
    await writerContext.close();
    await readerContext.close();
  }
});
