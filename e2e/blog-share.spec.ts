import { expect, test, type Page } from '@playwright/test';
import { emailTo, verificationLinkFor } from './support/outbox';
import { newPerson, registerAndOpenDashboard } from './support/people';

// Issue 26 item 7: a whole blog is shared from its page and its card (spec 1 §6: its own email
// call, /svc/email_tumblelog, and no Twitter or Facebook).

const formKey = (page: Page) => page.evaluate(async () => (await (await fetch('/svc/user/info')).json()).response.form_key as string);

test('share a blog: from its page by email (a real email), and from its card', async ({ browser }) => {
  test.setTimeout(90_000);
  const ann = newPerson('ann');
  const bob = newPerson('bob');
  const annContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const bobContext = await browser.newContext();
  const a = await annContext.newPage();
  const b = await bobContext.newPage();
  try {
    await registerAndOpenDashboard(b, bob);
    const saved = await b.request.post('/svc/post/update', {
      headers: { 'x-form-key': await formKey(b) },
      data: { channel_id: bob.blogName, 'post[type]': 'text', 'post[one]': 'Bob on boats', 'post[two]': '<p>Boats, in words.</p>' },
    });
    expect(saved.status()).toBe(200);

    await registerAndOpenDashboard(a, ann);
    await a.goto(await verificationLinkFor(ann.email));
    await a.waitForURL('**/dashboard');
    await a.goto(`/blog/${bob.blogName}`);

    // The blog page's share button: the blog's link and email, nothing else.
    await a.getByTestId('blog-header').getByRole('button', { name: `Share ${bob.blogName}` }).click();
    const options = a.getByRole('list', { name: 'Share options' });
    await expect(options.getByRole('button')).toHaveText([/^Permalink/, /^Email/]);
    await expect(options.getByRole('button', { name: /Twitter|Facebook/ })).toHaveCount(0);
    await a.screenshot({ path: 'test-results/blog-share-page.png' });
    await options.getByRole('button', { name: /^Email/ }).click();
    const form = a.getByRole('form', { name: 'Email this blog' });
    const friend = `friend-${Date.now()}@example.com`;
    await form.getByLabel('To', { exact: true }).fill(friend);
    await form.getByLabel('Message (optional)').fill('A blog about boats.');
    const sent = a.waitForRequest((request) => request.url().endsWith('/svc/email_tumblelog'));
    await form.getByRole('button', { name: 'Send' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ email_address: friend, tumblelog_name: bob.blogName, message: 'A blog about boats.' });
    await expect(form.getByRole('button', { name: 'Sent!' })).toBeVisible();
    const mail = await emailTo(friend);
    expect(mail).toMatch(new RegExp(`^Subject: ${ann.blogName} wants you to see ${bob.blogName}$`, 'm'));
    expect(mail).toContain('A blog about boats.');
    await expect(form).toHaveCount(0);

    // The blog card over Bob's name on his post: the same share, and the card stays while it is open.
    const post = a.getByRole('article').filter({ hasText: 'Bob on boats' });
    await post.locator('header').getByRole('link', { name: bob.blogName, exact: true }).first().hover();
    const card = a.getByRole('dialog', { name: `Blog card: ${bob.blogName}` });
    await card.getByRole('button', { name: `Share ${bob.blogName}` }).click();
    await expect(a.getByRole('list', { name: 'Share options' }).getByRole('button')).toHaveText([/^Permalink/, /^Email/]);
    await a.mouse.move(5, 5);
    await a.waitForTimeout(800);
    await expect(card).toBeVisible();
    await a.screenshot({ path: 'test-results/blog-share-card.png' });
  } finally {
    await annContext.close();
    await bobContext.close();
  }
});
