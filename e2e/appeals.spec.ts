import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { emailTo, verificationLinkFor } from './support/outbox';
import { newPerson, registerAndOpenDashboard } from './support/people';

// Issue 15: an admin marks a post sensitive, its owner appeals from the indicator, the admin decides
// at /admin/appeals, and the owner reads the outcome (in the product and by email).
// The server makes this address an admin once it is verified (ADMIN_EMAILS in playwright.config).
const APPEALS_ADMIN_EMAIL = 'appeals-admin@example.com';

const formKey = (page: Page) => page.evaluate(async () => (await (await fetch('/svc/user/info')).json()).response.form_key as string);

test('appeal: owner asks for a review of a sensitive mark, the admin keeps it, the owner is told', async ({ browser }) => {
  const owner = newPerson('painter');
  const admin = { ...newPerson('warden'), email: APPEALS_ADMIN_EMAIL };
  const ownerContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const o = await ownerContext.newPage();
  const a = await adminContext.newPage();
  try {
    await registerAndOpenDashboard(o, owner);
    const saved = await o.request.post('/svc/post/update', {
      headers: { 'x-form-key': await formKey(o) },
      data: { channel_id: owner.blogName, 'post[type]': 'text', 'post[one]': 'Figure study', 'post[two]': '<p>Charcoal on paper.</p>' },
    });
    expect(saved.status()).toBe(200);
    const postId = String((await saved.json()).response.post.id);

    // The admin proves the mailbox, which makes them an admin, then marks the post.
    await registerAndOpenDashboard(a, admin);
    await a.goto(await verificationLinkFor(admin.email));
    const marked = await a.request.post('/svc/moderation/post/sensitive', { headers: { 'x-form-key': await formKey(a) }, data: { post_id: postId, sensitive: '1' } });
    expect(marked.status()).toBe(200);

    // The owner sees the indicator on the post and asks for a review.
    await o.goto('/dashboard');
    const post = o.getByRole('article', { name: `Post by ${owner.blogName}` }).filter({ hasText: 'Figure study' });
    await post.getByRole('button', { name: 'Sensitive' }).click();
    const confirm = o.getByRole('dialog');
    await expect(confirm).toContainText('This post may contain sensitive media.');
    await confirm.getByRole('button', { name: 'Request Review' }).click();
    await expect(o.getByRole('dialog')).toContainText("Okay! We'll review the status of this and email you when we're done.");
    await o.getByRole('dialog').getByRole('button', { name: 'OK' }).click();

    // The admin finds it in the queue and keeps the mark.
    await a.goto('/admin/appeals');
    const card = a.getByRole('listitem', { name: `Appeal of a post by ${owner.blogName}` });
    await expect(card.getByRole('link', { name: /Figure study/ })).toBeVisible();
    await expectAccessible(a);
    await card.getByRole('button', { name: 'Keep sensitive' }).click();
    await expect(a.getByText('No appeals waiting.')).toBeVisible();

    // The owner is emailed, and the indicator now tells the outcome.
    const mail = await emailTo(owner.email);
    expect(mail).toContain('your appeal was reviewed');
    expect(mail).toContain(postId);
    await o.reload();
    await post.getByRole('button', { name: 'Sensitive' }).click();
    await expect(o.getByRole('dialog')).toContainText('After review, it was determined that this post contains sensitive content.');
  } finally {
    await ownerContext.close();
    await adminContext.close();
  }
});
