import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { verifiedPerson } from './support/people';

// A phone: 390 px wide, a touch screen.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/** Nothing wider than the window: the page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test('on a phone: no page scrolls sideways, the type tabs show they scroll, titles keep whole words, a tap shows no tooltip', async ({ page }) => {
  const person = await verifiedPerson(page, 'phone');
  await expectNoSidewaysScroll(page);

  // A tap on a button with a tooltip opens what it opens, and no tooltip stays over it.
  await page.getByRole('button', { name: 'Account menu' }).tap();
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  // The post form: seven tabs wider than the phone, faded at the side with more; the keys reach the last.
  await page.goto('/new/text');
  const tabs = page.getByRole('tablist', { name: 'Post type' });
  await expect(tabs).toHaveAttribute('data-more', 'end');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await tabs.getByRole('tab', { name: 'Text' }).focus();
  await page.keyboard.press('End');
  const video = tabs.getByRole('tab', { name: 'Video' });
  await expect(video).toBeFocused();
  await expect(video).toBeInViewport({ ratio: 1 });
  await expect(tabs).toHaveAttribute('data-more', 'start');

  await page.goto(`/blog/${person.blogName}/settings`);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // A followed blog's header has more buttons: its title still breaks between words, not inside one.
  await page.goto('/blog/staff');
  const header = page.getByTestId('blog-header');
  await header.getByRole('button', { name: 'Follow', exact: true }).tap();
  await expect(header.getByRole('button', { name: 'Unfollow' })).toBeVisible();
  const firstWordLines = await header.getByRole('heading', { level: 1 }).evaluate((title) => {
    const range = document.createRange();
    const text = title.firstChild!;
    range.setStart(text, 0);
    range.setEnd(text, 'Tumbleweed'.length);
    return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
  });
  expect(firstWordLines).toBe(1);
  await expectNoSidewaysScroll(page);

  // A tap on a post's like: liked, and no tooltip.
  const like = page.getByRole('button', { name: 'Like' }).first();
  await like.tap();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
});
