import { expect, test } from '@playwright/test';
import { verificationLinkFor } from './support/outbox';
import { newPerson, registerAndOpenDashboard, verifiedPerson } from './support/people';

// Issue 26 item 2: an admin switches a flag for one person from /admin/flags; here the old inbox
// variant, reachable only by editing the database before. Never site-wide: journeys share the server.
test('an admin gives one person the old inbox from the flags page, and takes it back', async ({ browser }) => {
  test.setTimeout(90_000);
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const readerContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const reader = await readerContext.newPage();
  try {
    const person = await verifiedPerson(reader, 'oldinbox');
    const mod = { ...newPerson('flags-admin'), email: 'flags-admin@example.com' };
    await registerAndOpenDashboard(admin, mod);
    await admin.goto(await verificationLinkFor(mod.email));
    await admin.waitForURL('**/dashboard');

    await admin.goto('/admin/flags');
    await expect(admin.getByRole('heading', { name: 'Feature flags', level: 1 })).toBeVisible();
    const lrec = admin.getByRole('listitem', { name: 'lrec_on_blog_pages_peepr' });
    await expect(lrec.getByText("The side column's 300x250 ad beside a blog in the drawer.")).toBeVisible();
    await expect(lrec.getByRole('button', { name: 'lrec_on_blog_pages_peepr site-wide' })).toHaveAttribute('aria-pressed', 'false');
    await admin.getByRole('combobox', { name: 'Flag' }).selectOption('messaging_inbox_new');
    await admin.getByRole('textbox', { name: 'Blog' }).fill(person.blogName);
    await admin.getByRole('combobox', { name: 'Value' }).selectOption('off');
    await admin.getByRole('button', { name: 'Save' }).click();
    const own = admin.getByRole('list', { name: 'People with their own messaging_inbox_new' });
    await expect(own).toContainText(`${person.blogName}: off`);
    await admin.screenshot({ path: 'test-results/admin-flags.png', fullPage: true });

    // The reader's next page: the old inbox, 'Compose message'.
    await reader.reload();
    await reader.getByRole('button', { name: 'Inbox' }).click();
    const inbox = reader.getByRole('dialog', { name: 'Inbox' });
    await expect(inbox.getByRole('button', { name: 'Compose message' })).toBeVisible();
    await expect(inbox.getByRole('button', { name: 'New Message' })).toHaveCount(0);

    // Back to the site-wide value: the new inbox again.
    await own.getByRole('button', { name: 'Back to the site-wide value' }).click();
    await expect(own).toHaveCount(0);
    await reader.reload();
    await reader.getByRole('button', { name: 'Inbox' }).click();
    await expect(reader.getByRole('dialog', { name: 'Inbox' }).getByRole('button', { name: 'New Message' })).toBeVisible();
  } finally {
    await adminContext.close();
    await readerContext.close();
  }
});
