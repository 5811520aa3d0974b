import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { newPerson, registerAndOpenDashboard } from './support/people';

const formKey = (page: Page) => page.evaluate(async () => (await (await fetch('/svc/user/info')).json()).response.form_key as string);
const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS) await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
};
const TITLES = ['Alpha', 'Bravo', 'Charlie'];

async function queue(page: Page, blogName: string, title: string) {
  const saved = await page.request.post('/svc/post/update', {
    headers: { 'x-form-key': await formKey(page) },
    data: { channel_id: blogName, 'post[type]': 'text', 'post[state]': '2', 'post[one]': title, 'post[two]': `<p>${title} goes out in turn.</p>` },
  });
  expect(saved.status()).toBe(200);
}

/** The queue's titles as the page lists them, first to go out first. */
async function order(page: Page) {
  const texts = await page.getByRole('list', { name: /^Queue of / }).getByRole('article').allTextContents();
  return texts.map((text) => TITLES.find((title) => text.includes(`${title} goes out`)));
}

test('the queue: Move up, drag by keyboard, Alt+Arrow, Shuffle and Undo; the order is kept', async ({ page }) => {
  test.setTimeout(40_000);
  const person = newPerson('queuer');
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerAndOpenDashboard(page, person);
  for (const title of TITLES) await queue(page, person.blogName, title);

  await page.goto(`/blog/${person.blogName}/queue`);
  await expect.poll(() => order(page)).toEqual(['Alpha', 'Bravo', 'Charlie']);
  await expectAccessible(page);
  await shot(page, 'queue-1280');

  // Move up: Charlie goes before Bravo, and the live region says where it is now.
  const item = (n: number) => page.getByRole('group', { name: `Order of queued post ${n}` });
  // A move shows at once; the controls wait (aria-disabled) until the server has it.
  const settled = () => expect(item(2).getByRole('button', { name: 'Move up' })).toHaveAttribute('aria-disabled', 'false');
  await item(3).getByRole('button', { name: 'Move up' }).click();
  await expect.poll(() => order(page)).toEqual(['Alpha', 'Charlie', 'Bravo']);
  await expect(page.getByRole('status', { name: 'Queue changes' })).toHaveText('Queued post 3 moved to position 2 of 3.');

  // dnd-kit's keyboard drag: Space picks Alpha up, ArrowDown moves it, Space drops it.
  await settled();
  await item(1).getByRole('button', { name: 'Drag queued post 1 to reorder' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Queued post 1 is over position 1.')).toBeAttached();
  // dnd-kit measures the places to drop on in the frames after the pick-up; a key pressed before
  // that (a busy machine) moves nowhere. Two frames, as no hand is faster.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('Queued post 1 is over position 2.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect.poll(() => order(page)).toEqual(['Charlie', 'Alpha', 'Bravo']);

  // Alt+ArrowDown anywhere on a post: the third cannot go lower, the first goes down one.
  await settled();
  await item(1).getByRole('button', { name: 'Move down' }).focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(() => order(page)).toEqual(['Alpha', 'Charlie', 'Bravo']);

  // The server kept it.
  await settled();
  await page.reload();
  await expect.poll(() => order(page)).toEqual(['Alpha', 'Charlie', 'Bravo']);

  // Shuffle, then Undo: the order before the shuffle is back, after a reload too.
  await page.getByRole('button', { name: 'Shuffle' }).click();
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveAttribute('aria-disabled', 'false');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('status', { name: 'Queue changes' })).toHaveText('The order before the shuffle is back.');
  await page.reload();
  await expect.poll(() => order(page)).toEqual(['Alpha', 'Charlie', 'Bravo']);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(item(1).getByRole('button', { name: 'Move down' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'queue-390');
});
