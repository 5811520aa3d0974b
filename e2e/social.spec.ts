import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { emailTo, verificationLinkFor } from './support/outbox';
import { newPerson, registerAndOpenDashboard } from './support/people';

const feed = (page: Page) => page.getByRole('feed');
const card = (page: Page, text: string) => feed(page).getByRole('article').filter({ hasText: text });

/** A text post through the post form, from the dashboard. */
async function writeTextPost(page: Page, title: string) {
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Make a post' }).getByRole('link', { name: 'Text', exact: true }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByRole('textbox', { name: 'Body' }).click();
  await page.keyboard.type(`${title}, written in the browser.`);
  await form.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(form).toHaveCount(0);
  await expect(card(page, title)).toBeVisible();
}

/** Hovers a blog's name in a post's header and waits for its card. */
async function openBlogCard(page: Page, post: Locator, blogName: string) {
  await post.locator('header').getByRole('link', { name: blogName, exact: true }).first().hover();
  const blogCard = page.getByRole('dialog', { name: `Blog card: ${blogName}` });
  await expect(blogCard).toBeVisible();
  return blogCard;
}

test('two people: follow from the card, like and reblog, activity, email share, unfollow, block', async ({ browser }) => {
  test.setTimeout(180_000);
  const ann = newPerson('ann');
  const bob = newPerson('bob');
  const annContext = await browser.newContext();
  const bobContext = await browser.newContext();
  const a = await annContext.newPage();
  const b = await bobContext.newPage();
  try {
    await registerAndOpenDashboard(b, bob);
    await writeTextPost(b, 'Bob says hello');
    await registerAndOpenDashboard(a, ann);

    // Ann finds Bob's blog and follows him from his blog card.
    await a.goto(`/blog/${bob.blogName}`);
    const bobsFirst = card(a, 'Bob says hello');
    let blogCard = await openBlogCard(a, bobsFirst, bob.blogName);
    await expectAccessible(a);
    await blogCard.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(blogCard.getByRole('button', { name: 'Unfollow', exact: true })).toBeVisible();
    await a.mouse.move(5, 5);
    await expect(blogCard).toHaveCount(0);

    // Bob posts; Ann sees it on her dashboard, likes it and reblogs it at once.
    await writeTextPost(b, 'Fresh from Bob');
    await a.goto('/dashboard');
    const fresh = card(a, 'Fresh from Bob');
    await expect(fresh).toBeVisible();
    const like = fresh.getByRole('button', { name: 'Like', exact: true });
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await fresh.getByRole('button', { name: 'More reblog options' }).click();
    await a.getByRole('menu', { name: 'Reblog options' }).getByRole('menuitem', { name: 'Reblog now' }).click();
    await expect(fresh.getByRole('status').filter({ hasText: `Reblogged to ${ann.blogName}` })).toBeVisible();
    // Both survive a reload: they are the server's, not the page's.
    await a.reload();
    // Her reblog comes first now (her own post: no heart); Bob's post keeps its like.
    const bobsPost = card(a, 'Fresh from Bob').filter({ has: a.getByRole('button', { name: 'Like', exact: true }) });
    await expect(bobsPost).toHaveCount(1);
    await expect(bobsPost.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute('aria-pressed', 'true');

    // Bob sees the follow, the like and the reblog in his activity, under Today.
    await b.goto('/dashboard');
    await b.reload();
    const activityTab = b.getByRole('button', { name: /^Activity/ });
    await expect(activityTab).toContainText('3');
    await activityTab.click();
    const popover = b.getByRole('dialog', { name: 'Activity' });
    await expect(popover.getByText('Today', { exact: true })).toBeVisible();
    await expect(popover.getByText(`${ann.blogName} liked your post`)).toBeVisible();
    await expect(popover.getByText(`${ann.blogName} reblogged your post`)).toBeVisible();
    await expect(popover.getByText(`${ann.blogName} started following you`)).toBeVisible();
    await expectAccessible(b);
    await b.keyboard.press('Escape');
    await expect(popover).toHaveCount(0);

    // Ann verifies her address (email goes out only from verified accounts), then shares Bob's
    // post by email: a real email lands in the outbox.
    await a.goto(await verificationLinkFor(ann.email));
    await a.waitForURL('**/dashboard');
    await a.goto(`/blog/${bob.blogName}`);
    const shared = card(a, 'Fresh from Bob');
    await shared.getByRole('button', { name: 'Share', exact: true }).click();
    await a.getByRole('list', { name: 'Share options' }).getByRole('button', { name: /^Email/ }).click();
    const emailForm = a.getByRole('form', { name: 'Email this post' });
    const friend = `friend-${Date.now()}@example.com`;
    await emailForm.getByLabel('To', { exact: true }).fill(friend);
    await emailForm.getByLabel('Message (optional)').fill('You will like this one.');
    await emailForm.getByRole('button', { name: 'Send' }).click();
    await expect(emailForm.getByRole('button', { name: 'Sent!' })).toBeVisible();
    const mail = await emailTo(friend);
    expect(mail).toContain('You will like this one.');
    expect(mail).toMatch(new RegExp(`/blog/${bob.blogName}/post/\\d+`));

    // Ann unfollows from the card: at once, with Undo offered in a toast.
    await a.goto(`/blog/${bob.blogName}`);
    blogCard = await openBlogCard(a, card(a, 'Fresh from Bob'), bob.blogName);
    await blogCard.getByRole('button', { name: 'Unfollow', exact: true }).click();
    await expect(blogCard.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
    await expect(a.getByRole('status').filter({ hasText: `You unfollowed ${bob.blogName}.` })).toBeVisible();
    await a.goto('/following');
    await expect(a.getByText('You don’t follow any blogs yet.', { exact: false })).toBeVisible();

    // Ann has Bob's blog open when Bob blocks her from her card, on her blog (her reblog of his
    // post is there).
    await a.goto(`/blog/${bob.blogName}`);
    const hello = card(a, 'Bob says hello');
    await expect(hello).toBeVisible();
    await b.goto(`/blog/${ann.blogName}`);
    const blocked = await openBlogCard(b, card(b, 'Fresh from Bob'), ann.blogName);
    await blocked.getByRole('button', { name: `More options for ${ann.blogName}` }).click();
    await blocked.getByRole('menuitem', { name: 'Block' }).click();
    const blockConfirm = b.getByRole('dialog').filter({ hasText: `Block ${ann.blogName}?` });
    await blockConfirm.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(blockConfirm).toHaveCount(0);

    // Ann can no longer like Bob's posts: the server refuses and she is told why.
    await hello.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(a.getByRole('dialog').filter({ hasText: 'one of these blogs has blocked the other' })).toBeVisible();
    await expect(hello.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute('aria-pressed', 'false');
    await a.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    // Once she reloads, his blog's posts are closed to her, with why.
    await a.reload();
    await expect(a.getByRole('alert').filter({ hasText: "You can't see this blog's posts" })).toBeVisible();
    await expect(card(a, 'Bob says hello')).toHaveCount(0);
    const res = await a.request.post('/svc/follow', { data: { tumblelog: bob.blogName } });
    expect(res.status()).toBe(403);
  } finally {
    await annContext.close();
    await bobContext.close();
  }
});
