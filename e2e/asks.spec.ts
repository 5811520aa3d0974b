import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { newPerson, registerAndOpenDashboard } from './support/people';

const feed = (page: Page) => page.getByRole('feed');
const card = (page: Page, text: string | RegExp) => feed(page).getByRole('article').filter({ hasText: text });
const postForm = (page: Page) => page.getByRole('dialog', { name: /post$/ });

test('two people: an anonymous ask answered in the inbox, a photo submission approved', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const ann = newPerson('ann');
  const bob = newPerson('bob');
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  try {
    await registerAndOpenDashboard(b, bob);
    await registerAndOpenDashboard(a, ann);

    // Bob takes questions, anonymous ones too, and photo submissions.
    await b.goto(`/blog/${bob.blogName}/settings`);
    const asks = b.getByRole('form', { name: 'Asks and submissions' });
    await asks.getByLabel('Let people ask questions').check();
    await asks.getByLabel('Allow anonymous questions').check();
    await asks.getByLabel('Let people submit posts').check();
    await asks.getByRole('group', { name: 'Post types accepted' }).getByLabel('Photo').check();
    await asks.getByRole('button', { name: 'Save asks and submissions' }).click();
    await expect(asks.getByRole('status')).toHaveText('Saved.');

    // Ann follows Bob and asks him anonymously from his blog page, through the ask modal.
    await a.goto(`/blog/${bob.blogName}`);
    await a.getByTestId('blog-header').getByRole('button', { name: 'Follow', exact: true }).click();
    await a.getByRole('button', { name: `Message or ask ${bob.blogName}` }).click();
    const menu = a.getByRole('menu', { name: `Message or ask ${bob.blogName}` });
    await expect(menu.getByRole('menuitem', { name: 'Submit' })).toHaveAttribute('target', '_blank');
    await menu.getByRole('menuitem', { name: 'Ask a question' }).click();
    const modal = a.getByRole('dialog', { name: `Ask ${bob.blogName} a question` });
    const question = modal.getByRole('textbox', { name: `Your question for ${bob.blogName}` });
    await question.fill('Visit www.example.org?');
    await modal.getByRole('button', { name: 'Ask', exact: true }).click();
    await expect(modal.getByRole('alert')).toHaveText("Sorry, but please don't include links in questions.");
    await question.fill('What is your favourite colour?');
    await modal.getByRole('switch', { name: 'Ask anonymously' }).check();
    await expectAccessible(a);
    await modal.getByRole('button', { name: 'Ask', exact: true }).click();
    await expect(modal).toHaveCount(0);
    await expect(a.getByRole('status').filter({ hasText: `Your question went to ${bob.blogName}.` })).toBeVisible();

    // Bob finds it in his asks and submissions (the account menu counts it; 'Inbox' is the
    // messages') and answers it in the post form, which opens in place of the ask.
    await b.goto('/dashboard');
    await b.getByRole('button', { name: 'Account menu' }).click();
    await expect(b.getByRole('link', { name: /^Asks and submissions/ })).toContainText('1');
    await b.getByRole('link', { name: /^Asks and submissions/ }).click();
    await expect(b).toHaveURL(new RegExp(`/blog/${bob.blogName}/inbox$`));
    const ask = card(b, 'What is your favourite colour?');
    await expect(ask).toContainText('Anonymous asked:');
    await expectAccessible(b);
    await ask.getByRole('link', { name: 'Answer' }).click();
    const answerForm = ask.getByRole('region', { name: 'Edit post' });
    await expect(b).toHaveURL(new RegExp(`/edit/`));
    await expect(b.getByRole('heading', { name: 'Asks and submissions' })).toBeVisible();
    await expect(answerForm.getByRole('group', { name: 'Question' })).toContainText('Anonymous asked:');
    await expect(answerForm.getByRole('group', { name: 'Question' })).toContainText('What is your favourite colour?');
    await answerForm.getByRole('textbox', { name: 'Answer' }).click();
    await b.keyboard.type('Blue, always blue.');
    await answerForm.getByRole('button', { name: 'Answer', exact: true }).click();
    await expect(answerForm).toHaveCount(0);
    await expect(b).toHaveURL(new RegExp(`/blog/${bob.blogName}/inbox$`));
    await expect(card(b, 'What is your favourite colour?')).toHaveCount(0);

    // Ann sees the answer on her dashboard, under the question and 'Anonymous'.
    await a.goto('/dashboard');
    const answered = card(a, 'Blue, always blue.');
    await expect(answered).toContainText('Anonymous asked:');
    await expect(answered).toContainText('What is your favourite colour?');

    // Ann submits a photo post to Bob; Bob publishes it and it shows on his blog crediting her.
    await a.goto(`/blog/${bob.blogName}/submit`);
    await a.getByRole('list', { name: 'Post types you can submit' }).getByRole('link', { name: 'Photo' }).click();
    const submission = postForm(a);
    await submission.getByRole('textbox', { name: 'Photo URL' }).fill(`${baseURL}/svc/avatar/${ann.blogName}/512`);
    await submission.getByRole('button', { name: 'Add photo' }).click();
    await submission.getByLabel('Caption for photo 1').fill('A picture for Bob');
    await submission.getByLabel('Alt text for photo 1').fill("Ann's blog avatar");
    await submission.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(submission).toHaveCount(0);
    await expect(a.getByRole('status').filter({ hasText: `Submitted to ${bob.blogName}.` })).toBeVisible();

    await b.goto(`/blog/${bob.blogName}/inbox`);
    const submitted = card(b, 'A picture for Bob');
    await expect(submitted).toContainText(`Submitted by ${ann.blogName}`);
    await submitted.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(submitted).toHaveCount(0);
    await b.goto(`/blog/${bob.blogName}`);
    const published = card(b, 'A picture for Bob');
    await expect(published).toContainText(`Submitted by ${ann.blogName}`);
    await expect(published.locator('img[src$="/512"]')).toBeVisible();
  } finally {
    await a.context().close();
    await b.context().close();
  }
});
