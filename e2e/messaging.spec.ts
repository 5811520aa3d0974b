import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { verifiedPerson } from './support/people';

const conversationWindow = (page: Page, name: string) => page.getByRole('region', { name: 'Conversations' }).locator('section').filter({ has: page.getByRole('heading', { name }) });

test('two people message each other: inbox search, live badge, reply without reload, windows restored, minimized and deleted', async ({ browser }) => {
  const annContext = await browser.newContext();
  const bobContext = await browser.newContext();
  const a = await annContext.newPage();
  const b = await bobContext.newPage();
  const ann = await verifiedPerson(a, 'ann');
  const bob = await verifiedPerson(b, 'bob');

  // Ann opens the inbox: empty yet; she starts a message and searches Bob.
  await a.getByRole('button', { name: 'Inbox' }).click();
  const inbox = a.getByRole('dialog', { name: 'Inbox' });
  // The new inbox variant: suggestions (none yet, as Ann follows no one).
  await expect(inbox.getByText('Follow some blogs to find people to talk to.')).toBeVisible();
  await inbox.getByRole('button', { name: 'New Message' }).click();
  await expect(inbox.getByRole('button', { name: 'Nevermind' })).toBeVisible();
  await inbox.getByLabel('To:').fill(bob.blogName);
  await inbox.getByRole('link', { name: bob.blogName }).click();
  await expect(inbox).toHaveCount(0);

  const annWindow = conversationWindow(a, bob.blogName);
  await expect(annWindow).toBeVisible();
  await annWindow.getByLabel(`Message ${bob.blogName}`).fill('Hello Bob, fancy a chat?');
  await annWindow.getByLabel(`Message ${bob.blogName}`).press('Enter');
  await expect(annWindow.getByText('Hello Bob, fancy a chat?')).toBeVisible();
  await expect(annWindow.locator('[data-status]')).toHaveCount(0);

  // Bob's badge shows the message without a reload (the live stream pokes his poller).
  const bobInboxButton = b.getByRole('button', { name: 'Inbox' });
  await expect(bobInboxButton.getByTestId('inbox-badge')).toHaveText('1');
  await bobInboxButton.click();
  const bobInbox = b.getByRole('dialog', { name: 'Inbox' });
  const row = bobInbox.getByRole('button', { name: new RegExp(ann.blogName) });
  await expect(row).toHaveAttribute('data-unread', 'true');
  await expectAccessible(b);
  await row.click();
  const bobWindow = conversationWindow(b, ann.blogName);
  await expect(bobWindow.getByText('Hello Bob, fancy a chat?')).toBeVisible();
  // Issue 25: the compose box has focus once the conversation opens.
  await expect(bobWindow.getByLabel(`Message ${ann.blogName}`)).toBeFocused();
  await expect(bobInboxButton.getByTestId('inbox-badge')).toHaveCount(0);
  await bobWindow.getByLabel(`Message ${ann.blogName}`).fill('Hi Ann!');
  await bobWindow.getByLabel(`Message ${ann.blogName}`).press('Enter');
  await expect(bobWindow.getByText('Hi Ann!')).toBeVisible();
  await expectAccessible(b);

  // Ann sees the reply in her open window, no reload.
  await expect(annWindow.getByText('Hi Ann!')).toBeVisible();

  // Issue 26: addresses in a message are links; her blog's opens in the app, another site's in a new tab.
  const origin = new URL(a.url()).origin;
  await annWindow.getByLabel(`Message ${bob.blogName}`).fill(`My blog: ${origin}/blog/${ann.blogName} and https://example.org/docs.`);
  await annWindow.getByLabel(`Message ${bob.blogName}`).press('Enter');
  const outside = bobWindow.getByRole('link', { name: 'https://example.org/docs' });
  await expect(outside).toHaveAttribute('target', '_blank');
  await expect(outside).toHaveAttribute('rel', 'noopener nofollow ugc');
  // In the app: the page is not loaded again (a mark left on it stays), and the window stays open.
  await b.evaluate(() => Object.assign(window, { stayedInApp: true }));
  await bobWindow.getByRole('link', { name: `${origin}/blog/${ann.blogName}` }).click();
  await expect(b).toHaveURL(new RegExp(`/blog/${ann.blogName}$`));
  await expect(bobWindow.getByText('Hi Ann!')).toBeVisible();
  expect(await b.evaluate(() => 'stayedInApp' in window)).toBe(true);
  // Issue 25: on a blog page without asks, the message icon opens the conversation right here.
  await bobWindow.getByRole('button', { name: 'Close' }).click();
  await expect(bobWindow).toHaveCount(0);
  await b.getByRole('link', { name: `Send a message to ${ann.blogName}` }).click();
  await expect(bobWindow.getByText('Hi Ann!')).toBeVisible();
  await expect(b).toHaveURL(new RegExp(`/blog/${ann.blogName}$`));
  expect(await b.evaluate(() => 'stayedInApp' in window)).toBe(true);

  // After a reload her window comes back.
  await a.reload();
  await expect(annWindow.getByText('Hi Ann!')).toBeVisible();
  await expect(annWindow.getByText('Hello Bob, fancy a chat?')).toBeVisible();

  // Minimize, restore from the tab, then delete the conversation.
  await annWindow.getByRole('button', { name: 'Minimize' }).click();
  await expect(annWindow).toHaveCount(0);
  const tab = a.getByRole('button', { name: `Open conversation with ${bob.blogName}` });
  await tab.click();
  await expect(annWindow.getByText('Hi Ann!')).toBeVisible();
  await annWindow.getByRole('button', { name: 'Actions' }).click();
  await a.getByRole('menuitem', { name: 'Delete conversation' }).click();
  // It closes at once; Undo opens it again, and nothing was deleted.
  await expect(annWindow).toHaveCount(0);
  const deleted = a.getByRole('status').filter({ hasText: 'Conversation deleted.' });
  await deleted.getByRole('button', { name: 'Undo' }).click();
  await expect(annWindow.getByText('Hi Ann!')).toBeVisible();
  // Deleted again and left alone (dismissed): gone, after a reload too.
  await annWindow.getByRole('button', { name: 'Actions' }).click();
  await a.getByRole('menuitem', { name: 'Delete conversation' }).click();
  await expect(annWindow).toHaveCount(0);
  const sent = a.waitForResponse((res) => res.url().includes('/svc/conversations/messages') && res.request().method() === 'DELETE');
  await deleted.getByRole('button', { name: 'Dismiss' }).click();
  expect((await sent).status()).toBe(200);
  await expect(tab).toHaveCount(0);
  await a.reload();
  await a.getByRole('button', { name: 'Inbox' }).click();
  await expect(a.getByRole('dialog', { name: 'Inbox' }).getByText('Follow some blogs to find people to talk to.')).toBeVisible();

  await annContext.close();
  await bobContext.close();
});
