import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { newPerson, registerAndOpenDashboard } from './support/people';

const formKey = (page: Page) => page.evaluate(async () => (await (await fetch('/svc/user/info')).json()).response.form_key as string);

/** Thirty posts through the API: every one tagged lantern, the even ones river, every third a photo. */
async function seedPosts(page: Page, blogName: string) {
  const key = await formKey(page);
  const save = async (i: number) => {
    const tags = ['lantern', ...(i % 2 === 0 ? ['river'] : [])].join(',');
    const data =
      i % 3 === 0
        ? { 'post[type]': 'photo', 'images[o1]': `https://img.example/lantern-${i}.gif`, 'post[two]': `<p>Lantern photo ${i}</p>`, 'post[tags]': tags }
        : { 'post[type]': 'text', 'post[one]': `Lantern walk ${i}`, 'post[two]': `<p>Walking with a lantern, evening ${i}.</p>`, 'post[tags]': tags };
    const saved = await page.request.post('/svc/post/update', { headers: { 'x-form-key': key }, data: { channel_id: blogName, ...data } });
    expect(saved.status()).toBe(200);
  };
  // Five at a time: quicker than one by one, and the posts keep a clear order by batch.
  for (let i = 0; i < 30; i += 5) await Promise.all([0, 1, 2, 3, 4].map((j) => save(i + j)));
}

const drawerScroll = (page: Page) => page.evaluate(() => document.querySelector('dialog[data-peepr] > div')?.scrollTop ?? -1);

/** The drawer's scroll once its 200 ms animation is over: the same reading twice, 100 ms apart. */
async function settledScroll(page: Page) {
  let last = -2;
  for (;;) {
    await page.waitForTimeout(100);
    const now = await drawerScroll(page);
    if (now === last) return now;
    last = now;
  }
}

test('blog viewer drawer: opened from the dashboard, every key, close; in-blog search with filters, tags and no results', async ({ browser }) => {
  test.setTimeout(90_000);
  const writer = newPerson('lamp');
  const reader = newPerson('walker');
  const source = newPerson('wick');
  const writerContext = await browser.newContext();
  const sourceContext = await browser.newContext();
  const readerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const w = await writerContext.newPage();
  const page = await readerContext.newPage();
  try {
    const sp = await sourceContext.newPage();
    await registerAndOpenDashboard(sp, source);
    const original = await sp.request.post('/svc/post/update', {
      headers: { 'x-form-key': await formKey(sp) },
      data: { channel_id: source.blogName, 'post[type]': 'text', 'post[one]': 'Where the wick came from', 'post[two]': '<p>A source.</p>' },
    });
    expect(original.status()).toBe(200);
    const { created_post: sourcePost } = ((await original.json()) as { response: { created_post: { id: string; reblog_key: string } } }).response;
    await registerAndOpenDashboard(w, writer);
    await seedPosts(w, writer.blogName);
    // The newest post is a reblog of the source's post: enter opens the source's blog from it.
    const reblogged = await w.request.post('/fast_reblog', { headers: { 'x-form-key': await formKey(w) }, data: { reblog_post_id: sourcePost.id, reblog_key: sourcePost.reblog_key } });
    expect(reblogged.status()).toBe(200);
    await registerAndOpenDashboard(page, reader);
    const followed = await page.request.post('/svc/follow', { headers: { 'x-form-key': await formKey(page) }, data: { tumblelog: writer.blogName } });
    expect(followed.status()).toBe(200);

    // From the dashboard, a click on the blog's name opens the drawer over the page with its posts.
    await page.goto('/dashboard');
    const first = page.getByRole('feed').getByRole('article').first();
    await first.locator('header').getByRole('link', { name: writer.blogName, exact: true }).click();
    // Named by the blog's title (a new blog's title is its name); the blog card is another dialog.
    const drawer = page.getByRole('dialog', { name: writer.blogName, exact: true });
    // The blog's own posts: a sponsored slot (another journey's promoted post) may follow the tenth.
    await expect(drawer.getByRole('feed', { name: `Posts by ${writer.blogName}` }).locator(':scope > article')).toHaveCount(10);
    await expect(page).toHaveURL(/\/dashboard$/);

    // j and k move between posts (j to the first post under the header, j to the second, k back
    // to the first); l likes the one at the top.
    await page.keyboard.press('j');
    const once = await settledScroll(page);
    expect(once).toBeGreaterThan(0);
    await page.keyboard.press('j');
    expect(await settledScroll(page)).toBeGreaterThan(once);
    await page.keyboard.press('k');
    expect(Math.abs((await settledScroll(page)) - once)).toBeLessThan(2);
    await page.keyboard.press('l');
    const posts = drawer.getByRole('feed').getByRole('article');
    await expect(posts.nth(0).getByRole('button', { name: 'Like', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expectAccessible(page);

    // s opens the post's share panel, and s again closes it.
    await page.keyboard.press('s');
    const share = page.getByRole('dialog', { name: 'Share this post' });
    await expect(share).toBeVisible();
    await page.keyboard.press('s');
    await expect(share).toHaveCount(0);
    // Escape closes the innermost layer only: the share panel, and the drawer stays; also with the
    // focus still in the drawer under it (as while the panel loads, before it takes the focus).
    await expect(share).toHaveCount(0);
    await drawer.locator('[data-autofocus]').first().focus();
    await page.keyboard.press('s');
    await expect(share).toBeVisible();
    await drawer.locator('[data-autofocus]').first().focus();
    await page.keyboard.press('Escape');
    await expect(share).toHaveCount(0);
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('feed', { name: `Posts by ${writer.blogName}` })).toBeVisible();
    // r opens the reblog form for the post at the reading line (the reblog control is a link).
    await page.keyboard.press('r');
    const reblogForm = drawer.locator('[data-inline-form]');
    await expect(reblogForm).toBeVisible();
    await reblogForm.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(reblogForm).toHaveCount(0);
    // Period goes back to the top.
    await drawer.locator('[data-autofocus]').first().focus();
    await page.keyboard.press('.');
    expect(await settledScroll(page)).toBe(0);
    // Enter on the reblog at the top opens the blog it was reblogged from, in the drawer.
    await expect(posts.nth(0)).toContainText('Where the wick came from');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: source.blogName, exact: true })).toBeVisible();
    await expect(drawer).toHaveCount(0);
    // With its share panel open, Escape closes the panel, and a second Escape the drawer; the
    // address is the dashboard's.
    const sourceDrawer = page.getByRole('dialog', { name: source.blogName, exact: true });
    // The keys go to the drawer that has focus: the new one's, once it has taken it, and s shares
    // the post at the reading line: once its posts have come (slowly, on a busy machine).
    await expect(sourceDrawer.locator('[role="feed"] > article[data-post-id]').first()).toBeVisible();
    await sourceDrawer.locator('[data-autofocus]').first().focus();
    await page.keyboard.press('s');
    await expect(share).toBeVisible();
    await sourceDrawer.locator('[data-autofocus]').first().focus();
    await page.keyboard.press('Escape');
    await expect(share).toHaveCount(0);
    await expect(sourceDrawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sourceDrawer).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard$/);


    // In-blog search: a word, then photos only, then a tag from the suggestions, then nonsense.
    await first.locator('header').getByRole('link', { name: writer.blogName, exact: true }).click();
    await drawer.getByRole('button', { name: 'Search this blog' }).click();
    const field = drawer.getByPlaceholder(`Search ${writer.blogName}`);
    await expect(field).toBeFocused();
    await field.fill('lantern');
    await field.press('Enter');
    const results = drawer.getByRole('feed', { name: `Posts about lantern on ${writer.blogName}` }).getByRole('article');
    await expect(results).toHaveCount(10);

    await drawer.getByRole('button', { name: 'Search filters' }).click();
    const filters = page.getByRole('dialog', { name: 'Search filters' });
    await expect(filters.getByRole('button', { name: 'Recent Posts' })).toHaveAttribute('aria-pressed', 'true');
    await expectAccessible(page);
    await filters.getByRole('button', { name: 'Photo' }).click();
    await expect(filters.getByRole('button', { name: 'Photo' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Escape');
    await expect(filters).toHaveCount(0);
    await expect(results.first()).toBeVisible();
    // Ten photos among thirty posts: one page, and every card a photo.
    await expect(results).toHaveCount(10);
    expect(new Set(await results.locator('[data-type]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-type'))))).toEqual(new Set(['photo']));

    await field.fill('riv');
    const tags = drawer.getByRole('listbox', { name: 'Popular Tags' });
    await expect(tags.getByRole('option', { name: '#river' })).toBeVisible();
    await field.press('ArrowDown');
    await field.press('Enter');
    await expect(field).toHaveValue('river');
    const riverResults = drawer.getByRole('feed', { name: `Posts about river on ${writer.blogName}` }).getByRole('article');
    await expect(riverResults).toHaveCount(5);

    await field.fill('zzqxv');
    await field.press('Enter');
    await expect(drawer.getByText('Nothing here about zzqxv.')).toBeVisible();
  } finally {
    await writerContext.close();
    await sourceContext.close();
    await readerContext.close();
  }
});
