import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { verifiedPerson } from './support/people';

// Issue 22 item 2: safe mode is one rule everywhere, messaging included. The demo's adult blog
// (after-dark) has a photo post; every new account starts with safe mode on.
const ADULT = 'after-dark';

const conversationWindow = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Conversations' }).locator('section').filter({ has: page.getByRole('heading', { name }) });

test("in safe mode an adult blog's post sent in a message is covered, and adult avatars in messaging are pixelated", async ({ browser }) => {
  test.setTimeout(150_000);
  const [aContext, bContext] = await Promise.all([browser.newContext(), browser.newContext()]);
  const a = await aContext.newPage();
  const b = await bContext.newPage();
  const ann = await verifiedPerson(a, 'ann');
  const bob = await verifiedPerson(b, 'bob');

  // Ann turns safe mode off, finds the adult blog's post and sends it to Bob.
  await a.goto('/settings/account');
  const safeMode = a.getByRole('switch', { name: /Safe mode/ });
  await expect(safeMode).toBeChecked();
  const saved = a.waitForResponse((r) => r.url().endsWith('/svc/user/settings') && r.ok());
  await safeMode.click();
  await saved;
  await a.goto('/search?q=midnight');
  const card = a.getByRole('article', { name: `Post by ${ADULT}` });
  await expect(card.getByText('Ink, after midnight.')).toBeVisible();
  await card.getByRole('button', { name: 'Send this post' }).click();
  const popover = a.getByRole('dialog', { name: 'Send this post' });
  await popover.getByPlaceholder('Message to...').fill(bob.blogName);
  await popover.getByRole('button', { name: bob.blogName }).click();
  await popover.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(popover).toHaveCount(0);
  // Ann's safe mode is off: her copy is not covered.
  const annWindow = conversationWindow(a, bob.blogName);
  await expect(annWindow.getByText('Ink, after midnight.')).toBeVisible();
  await expect(annWindow.getByText('This post may contain sensitive media.')).toHaveCount(0);

  // Bob (safe mode on, the default) sees the spec's cover until he chooses to see the post.
  await b.reload();
  await b.getByRole('button', { name: 'Inbox' }).click();
  await b.getByRole('dialog', { name: 'Inbox' }).getByRole('button', { name: new RegExp(ann.blogName) }).click();
  const bobWindow = conversationWindow(b, ann.blogName);
  const cover = bobWindow.getByRole('group', { name: 'This post may contain sensitive media.' });
  await expect(cover).toBeVisible();
  await expect(cover.getByRole('link', { name: 'Safe Mode is on' })).toHaveAttribute('href', '/settings/account');
  await expect(bobWindow.getByText('Ink, after midnight.')).toHaveCount(0);
  await expectAccessible(b);
  await cover.getByRole('button', { name: 'show anyway' }).click();
  await expect(bobWindow.getByText('Ink, after midnight.')).toBeVisible();

  // Bob looks the adult blog up in the recipient search: its avatar is pixelated; Ann's is not.
  await bobWindow.getByRole('button', { name: 'Minimize' }).click();
  await b.getByRole('button', { name: 'Inbox' }).click();
  const inbox = b.getByRole('dialog', { name: 'Inbox' });
  await inbox.getByRole('button', { name: 'New Message' }).click();
  await inbox.getByLabel('To:').fill(ADULT);
  const adultLink = inbox.getByRole('link', { name: new RegExp(ADULT) });
  await expect(adultLink.locator('img')).toHaveAttribute('data-pixelated', 'true');
  await expect(adultLink.locator('img')).toHaveAttribute('src', /\/svc\/avatar\/after-dark\/16/);

  // In the send-a-post popover Ann (safe mode off) sees the adult blog's avatar as it is.
  await a.goto('/search?q=midnight');
  await a.getByRole('article', { name: `Post by ${ADULT}` }).getByRole('button', { name: 'Send this post' }).click();
  const again = a.getByRole('dialog', { name: 'Send this post' });
  await again.getByPlaceholder('Message to...').fill(ADULT);
  const adultButton = again.getByRole('button', { name: ADULT });
  await expect(adultButton.locator('img')).toBeVisible();
  await expect(adultButton.locator('img')).not.toHaveAttribute('data-pixelated');

  await Promise.all([aContext.close(), bContext.close()]);
});
