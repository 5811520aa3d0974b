import { expect, test, type Locator, type Page } from '@playwright/test';
import { verifiedPerson } from './support/people';

// Issue 25 item 8: spec 2 §9's motion, at its exact timings, and none for people who ask for less.

/** The computed animation or transition of the element (or of the first one inside it that animates `name`). */
const motion = (locator: Locator, name?: string) =>
  locator.evaluate((root, keyframes) => {
    const all = [root, ...root.querySelectorAll('*')];
    const el = keyframes ? all.find((node) => getComputedStyle(node).animationName.includes(keyframes)) : root;
    if (!el) return null;
    const style = getComputedStyle(el);
    return { animation: style.animationDuration, transition: style.transitionDuration };
  }, name);

/** What still moves in the element or inside it: every animation or transition longer than nothing. */
const moving = (locator: Locator) =>
  locator.evaluate((root) =>
    [root, ...root.querySelectorAll('*')].flatMap((node) => {
      const style = getComputedStyle(node);
      const lasts = (durations: string) => durations.split(',').some((d) => parseFloat(d) > 0);
      const animates = style.animationName !== 'none' && lasts(style.animationDuration);
      return animates || lasts(style.transitionDuration) ? [`${node.tagName}.${node.className}`] : [];
    }),
  );

const conversationWindow = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Conversations' }).locator('section').filter({ has: page.getByRole('heading', { name }) });

test('motion: the inbox, conversation window, compose, message fly-in and drawer keep spec 2 §9 timings; reduced motion stops them all', async ({ browser }) => {
  const annContext = await browser.newContext();
  const bobContext = await browser.newContext();
  try {
    const a = await annContext.newPage();
    const b = await bobContext.newPage();
    const ann = await verifiedPerson(a, 'mover');
    const bob = await verifiedPerson(b, 'mbob');

    // The inbox comes in over 100 ms.
    await a.getByRole('button', { name: 'Inbox' }).click();
    const inbox = a.getByRole('dialog', { name: 'Inbox' });
    await expect.poll(() => motion(inbox, 'inboxIn')).toMatchObject({ animation: '0.1s' });
    await a.keyboard.press('Escape');

    // A conversation window rises over 250 ms, its compose bar over 200 ms.
    await a.goto(`/messaging/conversation/${bob.blogName}`);
    const annWindow = conversationWindow(a, bob.blogName);
    const compose = annWindow.getByLabel(`Message ${bob.blogName}`);
    await expect(compose).toBeVisible();
    await expect.poll(() => motion(annWindow, 'rise')).toMatchObject({ animation: '0.25s' });
    await expect.poll(() => motion(compose.locator('..'), 'composeIn')).toMatchObject({ animation: '0.2s' });
    // The preview strip's timings (in 300 ms, out 200 ms) come from the same place.
    // (Read through an element's animation-duration, which the browser gives in seconds whatever the minifier wrote.)
    const previewTimes = await a.evaluate(() =>
      ['--motion-preview-in', '--motion-preview-out'].map((name) => {
        const probe = document.body.appendChild(document.createElement('div'));
        probe.style.animationDuration = `var(${name})`;
        const value = getComputedStyle(probe).animationDuration;
        probe.remove();
        return value;
      }),
    );
    expect(previewTimes).toEqual(['0.3s', '0.2s']);

    // A message that arrives while the window is open flies in over 500 ms; the one sent flies in too.
    await compose.fill('Hello, are you there?');
    await compose.press('Enter');
    await expect(annWindow.getByText('Hello, are you there?')).toBeVisible();
    await b.goto(`/messaging/conversation/${ann.blogName}`);
    const bobCompose = conversationWindow(b, ann.blogName).getByLabel(`Message ${ann.blogName}`);
    await bobCompose.fill('Here I am');
    await bobCompose.press('Enter');
    const arrived = annWindow.getByRole('listitem').filter({ hasText: 'Here I am' });
    await expect(arrived).toBeVisible();
    await expect.poll(() => motion(arrived, 'flyInLeft')).toMatchObject({ animation: '0.5s' });
    // The history the window opened on stays still: Bob's window shows Ann's first message unmoved.
    const history = conversationWindow(b, ann.blogName).getByRole('listitem').filter({ hasText: 'Hello, are you there?' });
    await expect.poll(() => motion(history)).toMatchObject({ animation: '0s' });

    // The drawer slides over its 500 ms hide time (the glass goes after 150 ms, in its store).
    await a.goto(`/dashboard?blog_name=${bob.blogName}`);
    const drawer = a.getByRole('dialog', { name: bob.blogName, exact: true });
    await expect(drawer).toBeVisible();
    await expect.poll(() => motion(drawer.locator(':scope > div').first())).toMatchObject({ transition: '0.5s' });

    // Asked for less motion: nothing moves, in the drawer, the window, a message arriving or the inbox.
    await a.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(() => moving(drawer)).toEqual([]);
    await a.goto(`/messaging/conversation/${bob.blogName}`);
    await expect(annWindow.getByText('Here I am')).toBeVisible();
    await bobCompose.fill('Still here');
    await bobCompose.press('Enter');
    await expect(annWindow.getByRole('listitem').filter({ hasText: 'Still here' })).toBeVisible();
    expect(await moving(annWindow)).toEqual([]);
    await a.getByRole('button', { name: 'Inbox' }).click();
    await expect(a.getByRole('dialog', { name: 'Inbox' }).getByRole('button', { name: 'New Message' })).toBeVisible();
    expect(await moving(a.getByRole('dialog', { name: 'Inbox' }))).toEqual([]);
  } finally {
    await annContext.close();
    await bobContext.close();
  }
});
