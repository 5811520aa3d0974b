import { expect, test, type Page } from '@playwright/test';
import { makePng } from './support/png';
import { verifiedPerson } from './support/people';

// Issue 22, item 19: an image sent with text showed the image in the recipient's open window and
// the text only after a reload. Both go out one after the other; the second one's poll came while
// the first one's fetch still held the conversation's count at 0, and was thrown away.

/** A small real PNG of one colour per round. */
const png = (seed: number) => makePng(24, 16, (x, y) => [(seed * 40) % 256, (x * 8) % 256, (y * 12) % 256]);

const conversationWindow = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Conversations' }).locator('section').filter({ has: page.getByRole('heading', { name }) });

const ROUNDS = 8;

test('an image sent with text shows both in the recipient’s open window, every time', async ({ browser }) => {
  test.setTimeout(240_000);
  const [aContext, bContext] = await Promise.all([browser.newContext(), browser.newContext()]);
  const a = await aContext.newPage();
  const b = await bContext.newPage();
  const ann = await verifiedPerson(a, 'ann');
  const bob = await verifiedPerson(b, 'bob');

  // Ann starts the conversation; Bob opens it and keeps it open at the bottom.
  await a.getByRole('button', { name: 'Inbox' }).click();
  const inbox = a.getByRole('dialog', { name: 'Inbox' });
  await inbox.getByRole('button', { name: 'New Message' }).click();
  await inbox.getByLabel('To:').fill(bob.blogName);
  await inbox.getByRole('link', { name: bob.blogName }).click();
  const annWindow = conversationWindow(a, bob.blogName);
  const annCompose = annWindow.getByLabel(`Message ${bob.blogName}`);
  await annCompose.fill('Pictures coming');
  await annCompose.press('Enter');
  await expect(annWindow.locator('[data-status]')).toHaveCount(0);

  const bobInboxButton = b.getByRole('button', { name: 'Inbox' });
  await expect(bobInboxButton.getByTestId('inbox-badge')).toHaveText('1');
  await bobInboxButton.click();
  await b.getByRole('dialog', { name: 'Inbox' }).getByRole('button', { name: new RegExp(ann.blogName) }).click();
  const bobWindow = conversationWindow(b, ann.blogName);
  await expect(bobWindow.getByText('Pictures coming')).toBeVisible();
  // Bob does not follow Ann: each of her photos shows blurred, one button each.
  const bobPhotos = bobWindow.getByRole('button', { name: "Blurred because you don't follow this Tumblr yet. Click to reveal." });

  for (let round = 1; round <= ROUNDS; round++) {
    await annWindow.getByLabel('Image to send').setInputFiles({ name: `round-${round}.png`, mimeType: 'image/png', buffer: png(round) });
    await expect(annWindow.getByTestId('preview-strip')).toBeVisible();
    // Issue 24.4: the image's alt text, typed under it, is its alt in the sender's window.
    if (round === 1) await annWindow.getByLabel('Alt text for the image').fill('A plain test square');
    await annCompose.fill(`Caption of round ${round}`);
    await annCompose.press('Enter');
    await expect(annWindow.locator('[data-status]')).toHaveCount(0);
    if (round === 1) await expect(annWindow.getByRole('img', { name: 'A plain test square' })).toBeVisible();
    // Bob's open window shows both, without a reload: the photo and its text.
    await expect(bobPhotos).toHaveCount(round);
    await expect(bobWindow.getByText(`Caption of round ${round}`, { exact: true })).toBeVisible();
  }

  await aContext.close();
  await bContext.close();
});
