import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { newPerson, registerAndOpenDashboard } from './support/people';

// The post form's dialog is named by its heading: New text post, Edit post, Reblog post.
const form = (page: Page) => page.getByRole('dialog', { name: /post$/ });
const feed = (page: Page) => page.getByRole('feed');
const card = (page: Page, text: string | RegExp) => feed(page).getByRole('article').filter({ hasText: text });

async function openForm(page: Page, type: string) {
  await page.getByRole('navigation', { name: 'Make a post' }).getByRole('link', { name: type, exact: true }).click();
  await expect(form(page)).toBeVisible();
}

async function submit(page: Page, label = 'Post') {
  await form(page).getByRole('button', { name: label, exact: true }).click();
  await expect(form(page)).toHaveCount(0);
}

async function chooseState(page: Page, choice: string) {
  await form(page).getByRole('button', { name: 'When to post' }).click();
  await form(page).getByRole('menuitemradio', { name: choice }).click();
}

test('a person writes every type, edits, reblogs, drafts, queues and schedules through the form', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const person = newPerson('writer');
  await registerAndOpenDashboard(page, person);

  // Text, in the rich editor.
  await openForm(page, 'Text');
  await form(page).getByLabel('Title', { exact: true }).fill('My text post');
  await form(page).getByRole('textbox', { name: 'Body' }).click();
  await page.keyboard.type('Hello from the rich editor.');
  // Escape in a widget inside the form is the widget's: the toolbar goes back to the text and the
  // form stays, with no discard question. Its tooltips show inside the modal form, above it.
  await page.keyboard.press('Shift+Home');
  const bold = form(page).getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold' });
  await bold.hover();
  await expect(form(page).getByRole('tooltip')).toBeVisible();
  await bold.focus();
  await page.keyboard.press('Escape');
  await expect(form(page).getByRole('textbox', { name: 'Body' })).toBeFocused();
  await expect(page.getByRole('dialog').filter({ hasText: 'Discard this post?' })).toHaveCount(0);
  await expect(form(page)).toBeVisible();
  await expectAccessible(page);
  await submit(page);
  await expect(page.getByRole('status').filter({ hasText: `Posted to ${person.blogName}.` })).toBeVisible();
  await expect(card(page, 'My text post')).toContainText('Hello from the rich editor.');

  // Photo by address.
  await openForm(page, 'Photo');
  await form(page).getByRole('textbox', { name: 'Photo URL' }).fill(`${baseURL}/svc/avatar/${person.blogName}/512`);
  await form(page).getByRole('button', { name: 'Add photo' }).click();
  await form(page).getByLabel('Caption for photo 1').fill('My avatar, big');
  await form(page).getByLabel('Alt text for photo 1').fill('A blog avatar, shown large');
  await submit(page);
  await expect(card(page, 'My avatar, big').getByRole('img', { name: 'A blog avatar, shown large' })).toHaveAttribute('src', /\/512$/);

  // Quote with a source.
  await openForm(page, 'Quote');
  await form(page).getByRole('textbox', { name: 'Quote' }).click();
  await page.keyboard.type('Simplicity is prerequisite for reliability.');
  await form(page).getByRole('textbox', { name: 'Source', exact: true }).fill('Edsger Dijkstra');
  await submit(page);
  await expect(card(page, 'Simplicity is prerequisite')).toContainText('Edsger Dijkstra');

  // Link.
  await openForm(page, 'Link');
  await form(page).getByLabel('URL', { exact: true }).fill('https://example.com/article');
  await form(page).getByLabel('Title', { exact: true }).fill('An article worth reading');
  // Leaving the URL field previews the page; the form waits for it (spec 1 §5 'Loading OpenGraph data.').
  await expect(form(page).getByText('Loading OpenGraph data.')).toHaveCount(0);
  await submit(page);
  await expect(card(page, 'An article worth reading')).toBeVisible();

  // Chat.
  await openForm(page, 'Chat');
  await form(page).getByRole('textbox', { name: 'Chat', exact: true }).fill('Ann: Is it done?\nBob: Almost.');
  await submit(page);
  await expect(card(page, 'Is it done?')).toContainText('Almost.');

  // Audio by address, video by a service URL.
  await openForm(page, 'Audio');
  await form(page).getByRole('textbox', { name: 'Audio URL' }).fill('https://example.com/song.mp3');
  await submit(page);
  await expect(feed(page).locator('audio[src="https://example.com/song.mp3"]')).toHaveCount(1);
  await openForm(page, 'Video');
  await form(page).getByRole('textbox', { name: 'Embed code or URL' }).fill('https://www.youtube.com/watch?v=aqz-KE-bpKQ');
  await submit(page);
  await expect(feed(page).locator('iframe[src="https://www.youtube.com/embed/aqz-KE-bpKQ"][sandbox]')).toHaveCount(1);

  // Edit the text post: in the feed the form opens inline, in place of the card (issue 15).
  const editing = feed(page).getByRole('region', { name: 'Edit post' });
  await card(page, 'My text post').getByRole('link', { name: 'Edit' }).click();
  await expect(editing.getByLabel('Title', { exact: true })).toHaveValue('My text post');
  await editing.getByLabel('Title', { exact: true }).fill('My edited post');
  await editing.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editing).toHaveCount(0);
  await expect(card(page, 'My edited post')).toBeVisible();
  await expect(card(page, 'My text post')).toHaveCount(0);

  // A changed form asks before it is thrown away; Nevermind keeps it, Discard closes it.
  await openForm(page, 'Text');
  await form(page).getByLabel('Title', { exact: true }).fill('Half a thought');
  // The form is a native modal too: the page behind is locked.
  await expect(page.locator('dialog:modal')).toHaveCount(1);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
  await page.keyboard.press('Escape');
  const confirm = page.getByRole('dialog').filter({ hasText: 'Discard this post?' });
  await expect(confirm).toBeVisible();
  // The confirm is a native modal over it, and Tab goes round its two buttons only.
  await expect(page.locator('dialog:modal').last()).toHaveText(/Discard this post\?/);
  await expect(confirm.getByRole('button', { name: 'Discard' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog:modal')))).toBe(true);
  await confirm.getByRole('button', { name: 'Nevermind' }).click();
  await expect(page.locator('dialog:modal')).toHaveCount(1);
  await expect(form(page).getByLabel('Title', { exact: true })).toHaveValue('Half a thought');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').filter({ hasText: 'Discard this post?' }).getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A draft, a queued post and a scheduled one go to their pages, not the dashboard.
  await openForm(page, 'Text');
  await form(page).getByLabel('Title', { exact: true }).fill('Draft for later');
  await chooseState(page, 'Save as draft');
  await submit(page, 'Save draft');
  await openForm(page, 'Text');
  await form(page).getByLabel('Title', { exact: true }).fill('Queued for later');
  await chooseState(page, 'Add to queue');
  await submit(page, 'Queue');
  await openForm(page, 'Text');
  await form(page).getByLabel('Title', { exact: true }).fill('Scheduled for later');
  await chooseState(page, 'Schedule');
  await form(page).getByLabel('Publish on').fill('2031-01-01T09:30');
  await submit(page, 'Schedule');
  await expect(card(page, /for later/)).toHaveCount(0);

  await page.goto(`/blog/${person.blogName}/drafts`);
  await expect(card(page, 'Draft for later')).toContainText('Draft');
  // A new post opened over the drafts page is addressed under it, and closing returns there.
  await page.getByRole('button', { name: 'Compose a post' }).click();
  await page.getByRole('dialog', { name: 'Choose a post type' }).getByRole('button', { name: 'Quote' }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${person.blogName}/drafts/new/quote$`));
  await expect(form(page).getByRole('textbox', { name: 'Quote' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`/blog/${person.blogName}/drafts$`));
  await page.goto(`/blog/${person.blogName}/queue`);
  // The queue is a list in the order it goes out (issue 24.12), not a feed.
  const queued = (text: string) => page.getByRole('list', { name: /^Queue of / }).getByRole('article').filter({ hasText: text });
  await expect(queued('Queued for later')).toBeVisible();
  await expect(queued('Scheduled for later')).toBeVisible();
  const queueSettings = page.getByRole('form', { name: 'Queue settings' });
  await queueSettings.getByRole('spinbutton').fill('5');
  await queueSettings.getByRole('button', { name: 'Save' }).click();
  await expect(queueSettings.getByRole('status')).toContainText('Next post goes out');
  await expect(queueSettings.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expectAccessible(page);

  // Someone else's post, reblogged with a comment: the trail shows both blogs in order.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const author = newPerson('author');
  await registerAndOpenDashboard(otherPage, author);
  const formKey = await otherPage.evaluate(async () => (await (await fetch('/svc/user/info')).json()).response.form_key);
  const saved = await otherPage.request.post('/svc/post/update', {
    headers: { 'x-form-key': formKey },
    data: { channel_id: author.blogName, 'post[type]': 'text', 'post[one]': 'Original thought', 'post[two]': '<p>By the author.</p>' },
  });
  const original = (await saved.json()).response.created_post;
  await other.close();

  await page.goto(`/reblog/${original.id}/${original.reblog_key}`);
  await expect(form(page).getByText('By the author.')).toBeVisible();
  await form(page).getByRole('textbox', { name: 'Your comment' }).click();
  await page.keyboard.type('Well said.');
  await submit(page, 'Reblog');
  const reblog = card(page, 'Well said.');
  await expect(reblog.getByRole('list', { name: 'Reblog trail' }).getByRole('listitem')).toHaveText([
    new RegExp(`^${author.blogName}Original thoughtBy the author\\.`),
    new RegExp(`^${person.blogName}Well said\\.`),
  ]);
});

test('markup with a script written in the HTML editor runs nothing when the post is shown', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { __xss: number }).__xss = 0;
    window.alert = () => void ((window as unknown as { __xss: number }).__xss += 1);
  });
  await registerAndOpenDashboard(page, newPerson('html'));
  await openForm(page, 'Text');
  await form(page).getByLabel('Editor').selectOption('html');
  await form(page).getByRole('textbox', { name: 'Body' }).fill('<p>Picture:</p><img src=x onerror="alert(document.domain)"><script>alert(1)</script>');
  await submit(page);
  const post = card(page, 'Picture:');
  await expect(post).toBeVisible();
  expect(await post.locator('[onerror], script').count()).toBe(0);
  await page.reload();
  await expect(card(page, 'Picture:')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss: number }).__xss)).toBe(0);
});
