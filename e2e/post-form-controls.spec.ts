import { expect, test, type Page } from '@playwright/test';
import { newPerson, registerAndOpenDashboard } from './support/people';
import { makePng } from './support/png';

// Issue 26.3: the post form's controls, set and published, seen on the post; a photo reply and
// the notification it makes.
const form = (page: Page) => page.getByRole('dialog', { name: /post$/ });

test('photo post with layout, members only, NSFW and photo replies; a photo reply notifies its author', async ({ browser, baseURL }) => {
  const ann = newPerson('pfc');
  const bob = newPerson('pfr');
  const annContext = await browser.newContext();
  const bobContext = await browser.newContext();
  const a = await annContext.newPage();
  const b = await bobContext.newPage();
  try {
    await registerAndOpenDashboard(a, ann);
    await a.getByRole('navigation', { name: 'Make a post' }).getByRole('link', { name: 'Photo', exact: true }).click();
    await expect(form(a)).toBeVisible();
    const avatar = `${baseURL}/svc/avatar/${ann.blogName}`;
    for (const [n, size] of [[1, 512], [2, 128], [3, 96]] as const) {
      await form(a).getByRole('textbox', { name: 'Photo URL' }).fill(`${avatar}/${size}`);
      await form(a).getByRole('button', { name: 'Add photo' }).click();
      await form(a).getByLabel(`Alt text for photo ${n}`).fill(`Avatar ${n}`);
    }
    await form(a).getByRole('combobox', { name: 'Layout' }).selectOption({ label: 'Custom rows…' });
    await form(a).getByRole('textbox', { name: 'Photos in each row' }).fill('12');
    await expect(form(a).getByRole('img', { name: 'Rows: 1, 2' })).toBeVisible();
    await expect(form(a).getByTestId('content-stats')).toHaveText('0 words · 0 characters · 3 photos');
    await form(a).getByText('Post options').click();
    for (const name of ['Allow photo replies', 'Members only', 'Flag as NSFW']) await form(a).getByRole('checkbox', { name }).check();
    await form(a).getByRole('button', { name: 'Post', exact: true }).click();
    await expect(form(a)).toHaveCount(0);

    const card = a.getByRole('feed').getByRole('article').first();
    await expect(card.getByText('Members only', { exact: true })).toBeVisible();
    await expect(card.getByText('NSFW', { exact: true })).toBeVisible();
    await expect(card.locator('[data-layout="12"]')).toBeVisible();

    // Bob replies with a photo from Ann's blog page.
    await registerAndOpenDashboard(b, bob);
    await b.goto(`/blog/${ann.blogName}`);
    const post = b.getByRole('article').first();
    await post.getByRole('button', { name: 'Reply', exact: true }).click();
    const replyForm = b.getByRole('form', { name: `Reply to ${ann.blogName}` });
    await replyForm.locator('input[type=file]').setInputFiles({ name: 'cat.png', mimeType: 'image/png', buffer: makePng(60, 40, (x, y) => [x * 4, y * 6, 90]) });
    await replyForm.getByRole('textbox', { name: 'Describe the photo (alt text)' }).fill('A striped test card');
    await replyForm.getByRole('textbox', { name: 'Your reply' }).fill('Here you go');
    await expect(replyForm.getByRole('button', { name: 'Reply', exact: true })).toBeEnabled();
    await replyForm.getByRole('button', { name: 'Reply', exact: true }).click();
    const notes = b.getByRole('region', { name: 'Notes' });
    await expect(notes.getByRole('img', { name: 'A striped test card' })).toBeVisible();

    // Ann is told: the photo_reply notification in her activity.
    await a.reload();
    await a.getByRole('button', { name: /^Activity/ }).click();
    const activity = a.getByRole('dialog', { name: 'Activity' });
    await expect(activity.getByText(`${bob.blogName} replied to your post with a photo`)).toBeVisible();
    await a.keyboard.press('Escape');

    // And she sees the photo itself in the post's notes: a reply on a public post makes it public.
    await a.getByRole('feed').getByRole('article').first().getByRole('button', { name: '1 note' }).click();
    const photo = a.getByRole('region', { name: 'Notes' }).getByRole('img', { name: 'A striped test card' });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(60);
  } finally {
    await annContext.close();
    await bobContext.close();
  }
});
