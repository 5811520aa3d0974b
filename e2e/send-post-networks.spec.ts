import { expect, test, type Page } from '@playwright/test';
import { verifiedPerson } from './support/people';

// Issue 26 item 8: the send-a-post popover's Facebook and Twitter subviews (spec 2 §2, §5). No
// account there is linked, so Share ends in the network's own window (the popup fallback).

const formKey = (page: Page) => page.evaluate(async () => (await (await fetch('/svc/user/info')).json()).response.form_key as string);

test('send a post elsewhere: the Twitter subview counts a link as 23 and opens its window; Facebook asks its status, with Back', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // The networks are out of reach: their windows are answered here.
  await context.route(/^https:\/\/(twitter\.com|www\.facebook\.com)\//, (route) => route.fulfill({ contentType: 'text/html', body: '<title>network</title>' }));
  const a = await context.newPage();
  try {
    const ann = await verifiedPerson(a, 'sender');
    const saved = await a.request.post('/svc/post/update', {
      headers: { 'x-form-key': await formKey(a) },
      data: { channel_id: ann.blogName, 'post[type]': 'text', 'post[one]': 'Harbour lights', 'post[two]': '<p>Lights on the water.</p>' },
    });
    expect(saved.status()).toBe(200);
    await a.goto('/dashboard');
    const card = a.getByRole('feed').getByRole('article').filter({ hasText: 'Harbour lights' });
    await card.getByRole('button', { name: 'Send this post' }).click();
    const popover = a.getByRole('dialog', { name: 'Send this post' });

    // Facebook: its subview asks POST /svc/facebook_status, says none is linked; Back returns.
    const status = a.waitForRequest((r) => r.url().endsWith('/svc/facebook_status') && r.method() === 'POST');
    await popover.getByRole('list', { name: 'Share elsewhere' }).getByRole('button', { name: 'Facebook' }).click();
    await status;
    const facebook = popover.getByRole('form', { name: 'Share on Facebook' });
    await expect(facebook.getByText('No Facebook account is linked here: Share opens Facebook’s own window, with your message copied to paste there.')).toBeVisible();
    await expect(facebook.getByRole('textbox', { name: 'Message' })).toHaveAttribute('maxlength', '255');
    await a.screenshot({ path: 'test-results/send-post-facebook.png' });
    await facebook.getByRole('button', { name: 'Back' }).click();

    // Twitter: the tweet starts with the post's title and its link (23).
    await popover.getByRole('list', { name: 'Share elsewhere' }).getByRole('button', { name: 'Twitter' }).click();
    const twitter = popover.getByRole('form', { name: 'Share on Twitter' });
    const tweet = twitter.getByRole('textbox', { name: 'Tweet' });
    await expect(tweet).toHaveValue('Harbour lights [URL]');
    await expect(twitter.getByTestId('tweet-count')).toHaveText(String(140 - 15 - 23));
    await tweet.fill(`${'x'.repeat(117)} [URL]`);
    await expect(twitter.getByTestId('tweet-count')).toHaveText('-1');
    await expect(twitter.getByRole('button', { name: 'Share' })).toBeDisabled();
    await tweet.fill('Look at these [URL]');
    await a.screenshot({ path: 'test-results/send-post-twitter.png' });
    const popup = context.waitForEvent('page');
    const shared = a.waitForRequest((r) => r.url().endsWith('/svc/share/twitter'));
    await twitter.getByRole('button', { name: 'Share' }).click();
    expect((await shared).postDataJSON()).toMatchObject({ share_fallback: 'popup', message: 'Look at these [URL]' });
    const window = await popup;
    await expect.poll(() => window.url()).toContain('https://twitter.com/intent/tweet?');
    expect(new URL(window.url()).searchParams.get('text')).toMatch(new RegExp(`^Look at these http://127\\.0\\.0\\.1:\\d+/blog/${ann.blogName}/post/\\d+/harbour-lights$`));
    await expect(popover).toHaveCount(0);
  } finally {
    await context.close();
  }
});
