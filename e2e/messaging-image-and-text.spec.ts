import { deflateSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { verificationLinkFor } from './support/outbox';
import { newPerson, registerAndOpenDashboard } from './support/people';

// Issue 22, item 19: an image sent with text showed the image in the recipient's open window and
// the text only after a reload. Both go out one after the other; the second one's poll came while
// the first one's fetch still held the conversation's count at 0, and was thrown away.

async function verifiedPerson(page: Page, prefix: string) {
  const person = newPerson(prefix);
  await registerAndOpenDashboard(page, person);
  await page.goto(await verificationLinkFor(person.email));
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('button', { name: 'Inbox' })).toBeVisible();
  return person;
}

/** A small real PNG of one colour per round, made here: no files to keep. */
function png(seed: number, width = 24, height = 16): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rows.set([(seed * 40) % 256, (x * 8) % 256, (y * 12) % 256], y * (width * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

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
    await annCompose.fill(`Caption of round ${round}`);
    await annCompose.press('Enter');
    await expect(annWindow.locator('[data-status]')).toHaveCount(0);
    // Bob's open window shows both, without a reload: the photo and its text.
    await expect(bobPhotos).toHaveCount(round);
    await expect(bobWindow.getByText(`Caption of round ${round}`, { exact: true })).toBeVisible();
  }

  await aContext.close();
  await bContext.close();
});
