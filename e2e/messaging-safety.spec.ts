import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { makePng } from './support/png';
import { verifiedPerson } from './support/people';

/** A small real PNG (a colour gradient). */
const gradientPng = () => makePng(64, 48, (x, y) => [(x * 4) % 256, (y * 5) % 256, 160]);

const conversationWindow = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Conversations' }).locator('section').filter({ has: page.getByRole('heading', { name }) });

async function startConversation(page: Page, name: string) {
  await page.getByRole('button', { name: 'Inbox' }).click();
  const inbox = page.getByRole('dialog', { name: 'Inbox' });
  await inbox.getByRole('button', { name: 'New Message' }).click();
  await inbox.getByLabel('To:').fill(name);
  await inbox.getByRole('link', { name }).click();
  const win = conversationWindow(page, name);
  await expect(win).toBeVisible();
  return win;
}

test('a photo and a sticker from a stranger are blurred until revealed; spam blocks the sender; a post goes into a conversation from its send control', async ({ browser }) => {
  test.setTimeout(150_000);
  const [aContext, bContext, cContext] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const a = await aContext.newPage();
  const b = await bContext.newPage();
  const c = await cContext.newPage();
  const ann = await verifiedPerson(a, 'ann');
  const bob = await verifiedPerson(b, 'bob');
  const cat = await verifiedPerson(c, 'cat');

  // Ann sends Bob a photo (through the preview strip, alone) and a sticker.
  const annWindow = await startConversation(a, bob.blogName);
  await annWindow.getByLabel('Image to send').setInputFiles({ name: 'gradient.png', mimeType: 'image/png', buffer: gradientPng() });
  await expect(annWindow.getByTestId('preview-strip')).toBeVisible();
  await annWindow.getByLabel(`Message ${bob.blogName}`).press('Enter');
  await expect(annWindow.getByTestId('preview-strip')).toHaveCount(0);
  await expect(annWindow.getByRole('img', { name: 'Photo' })).toBeVisible();
  await annWindow.getByRole('button', { name: 'Stickers' }).click();
  const picker = annWindow.getByRole('dialog', { name: 'Stickers' });
  await picker.getByRole('button').first().click();
  // Spec 2 §9: the sticker waits at 250 px until Enter sends it.
  const stickerPreview = annWindow.getByRole('img', { name: 'Sticker to send' });
  await expect(stickerPreview).toHaveJSProperty('width', 250);
  await annWindow.getByLabel(`Message ${bob.blogName}`).press('Enter');
  await expect(stickerPreview).toHaveCount(0);
  await expect(annWindow.getByRole('img', { name: 'Sticker' })).toBeVisible();
  await expect(annWindow.locator('[data-status]')).toHaveCount(0);
  await expectAccessible(a);

  // Bob does not follow Ann: the photo is blurred; a click reveals it.
  await b.reload();
  await b.getByRole('button', { name: 'Inbox' }).click();
  await b.getByRole('dialog', { name: 'Inbox' }).getByRole('button', { name: new RegExp(ann.blogName) }).click();
  const bobWindow = conversationWindow(b, ann.blogName);
  const blurred = bobWindow.getByRole('button', { name: "Blurred because you don't follow this Tumblr yet. Click to reveal." });
  await expect(blurred).toBeVisible();
  await expect(bobWindow.getByRole('img', { name: 'Sticker' })).toBeVisible();
  await expectAccessible(b);
  await blurred.click();
  await expect(bobWindow.getByRole('img', { name: 'Photo' })).toBeVisible();
  await expect(blurred).toHaveCount(0);

  // The spam footer: Bob marks the conversation; it leaves his inbox.
  await bobWindow.getByRole('button', { name: 'Mark as spam' }).click();
  await expect(b.getByText(`${ann.blogName} will be blocked and reported. And any trace of this conversation will disappear from your inbox.`)).toBeVisible();
  await b.getByRole('button', { name: 'Mark it spam' }).click();
  await expect(bobWindow).toHaveCount(0);

  // Ann can no longer message Bob.
  await annWindow.getByLabel(`Message ${bob.blogName}`).fill('Hello?');
  await annWindow.getByLabel(`Message ${bob.blogName}`).press('Enter');
  await expect(annWindow.getByRole('button', { name: 'Could not send' })).toBeVisible();

  // Ann writes a post and sends it to Cat from the post's send control.
  await a.getByRole('navigation', { name: 'Make a post' }).getByRole('link', { name: 'Text', exact: true }).click();
  const form = a.getByRole('dialog', { name: /post$/ });
  await form.getByLabel('Title', { exact: true }).fill('A post for Cat');
  await form.getByRole('textbox', { name: 'Body' }).click();
  await a.keyboard.type('Worth a look.');
  await form.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(form).toHaveCount(0);
  const card = a.getByRole('feed').getByRole('article').filter({ hasText: 'A post for Cat' });
  await card.getByRole('button', { name: 'Send this post' }).click();
  const popover = a.getByRole('dialog', { name: 'Send this post' });
  await popover.getByPlaceholder('Message to...').fill(cat.blogName);
  await popover.getByRole('button', { name: cat.blogName }).click();
  await popover.getByPlaceholder('Say something if you like...').fill('You will like this');
  await expectAccessible(a);
  await popover.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(popover).toHaveCount(0);
  await expect(conversationWindow(a, cat.blogName).getByText('You will like this')).toBeVisible();

  // Cat's window shows the post card.
  await c.reload();
  await c.getByRole('button', { name: 'Inbox' }).click();
  // A photo picked on the inbox row opens the conversation with it waiting in the preview strip.
  await c.getByRole('dialog', { name: 'Inbox' }).getByLabel(`Photo for ${ann.blogName}`).setInputFiles({ name: 'hi.png', mimeType: 'image/png', buffer: gradientPng() });
  const catWindow = conversationWindow(c, ann.blogName);
  await expect(catWindow.getByTestId('preview-strip')).toBeVisible();
  await expect(catWindow.getByText('A post for Cat')).toBeVisible();
  await expect(catWindow.getByText('You will like this')).toBeVisible();

  await Promise.all([aContext.close(), bContext.close(), cContext.close()]);
});
