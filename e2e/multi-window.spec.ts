import { expect, test, type Page } from '@playwright/test';
import { verifiedPerson } from './support/people';

const layer = (page: Page) => page.getByRole('region', { name: 'Conversations' });
const conversationWindow = (page: Page, name: string) => layer(page).locator('section').filter({ has: page.getByRole('heading', { name }) });

async function startConversation(page: Page, name: string) {
  await page.getByRole('button', { name: 'Inbox' }).click();
  const inbox = page.getByRole('dialog', { name: 'Inbox' });
  await inbox.getByRole('button', { name: 'New Message' }).click();
  await inbox.getByLabel('To:').fill(name);
  await inbox.getByRole('link', { name }).click();
  await expect(inbox).toHaveCount(0);
  await expect(conversationWindow(page, name).getByLabel(`Message ${name}`)).toBeEnabled();
}

test('several conversation windows: turned on in settings, two conversations open side by side, Tab moves between them', async ({ browser }) => {
  // Two people to talk to, registered one after the other in their own browser.
  const others = await browser.newContext();
  const otherPage = await others.newPage();
  const bob = await verifiedPerson(otherPage, 'mw-bob');
  const cid = await verifiedPerson(otherPage, 'mw-cid');
  await others.close();

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await verifiedPerson(page, 'mw-ann');

  // Off by default, beside the other messaging settings; turning it on is saved.
  await page.goto('/settings/dashboard');
  const setting = page.getByRole('switch', { name: /Several conversation windows/ });
  await expect(setting).not.toBeChecked();
  await setting.click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await page.reload();
  await expect(setting).toBeChecked();

  await startConversation(page, bob.blogName);
  await startConversation(page, cid.blogName);
  const bobBox = conversationWindow(page, bob.blogName).getByLabel(`Message ${bob.blogName}`);
  const cidBox = conversationWindow(page, cid.blogName).getByLabel(`Message ${cid.blogName}`);
  // Both open, side by side: nothing minimized.
  await expect(bobBox).toBeVisible();
  await expect(cidBox).toBeVisible();
  await expect(page.getByRole('list', { name: 'Minimized conversations' })).toHaveCount(0);
  const [bobRect, cidRect] = [await bobBox.boundingBox(), await cidBox.boundingBox()];
  expect(bobRect!.x + bobRect!.width).toBeLessThan(cidRect!.x);

  // Tab and Shift+Tab move between the windows' compose boxes.
  await cidBox.focus();
  await page.keyboard.press('Tab');
  await expect(bobBox).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(cidBox).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('multi-window-1280.png') });

  // A phone: the newest window over the screen's width, the other waiting as a tab.
  await page.setViewportSize({ width: 390, height: 760 });
  await expect(cidBox).toBeVisible();
  await expect(bobBox).toHaveCount(0);
  const bobTab = page.getByRole('button', { name: `Open conversation with ${bob.blogName}` });
  await expect(bobTab).toBeVisible();
  // Spec 2 §4: the minimized container scrolls, capped at the browser's height minus 89 px.
  const column = page.getByRole('list', { name: 'Minimized conversations' });
  expect(await column.evaluate((el) => [getComputedStyle(el).maxHeight, getComputedStyle(el).overflowY])).toEqual(['671px', 'auto']);
  await page.screenshot({ path: test.info().outputPath('multi-window-390.png') });
  await bobTab.click();
  await expect(bobBox).toBeVisible();
  await expect(page.getByRole('button', { name: `Open conversation with ${cid.blogName}` })).toBeVisible();
  await page.mouse.move(0, 0);
  await bobBox.evaluate((el) => Promise.all(el.closest('section')!.getAnimations().map((a) => a.finished)));
  await page.screenshot({ path: test.info().outputPath('multi-window-390-swapped.png') });

  await context.close();
});
