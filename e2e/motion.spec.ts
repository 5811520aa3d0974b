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
    expect(await motion(inbox, 'inboxIn')).toMatchObject({ animation: '0.1s' });
    await a.keyboard.press('Escape');

    // A conversation window rises over 250 ms, its compose bar over 200 ms.
    await a.goto(`/messaging/conversation/${bob.blogName}`);
    const annWindow = conversationWindow(a, bob.blogName);
    const compose = annWindow.getByLabel(`Message ${bob.blogName}`);
    await expect(compose).toBeVisible();
    expect(await motion(annWindow, 'rise')).toMatchObject({ animation: '0.25s' });
    expect(await motion(compose.locator('..'), 'composeIn')).toMatchObject({ animation: '0.2s' });
    // The preview strip's timings (in 300 ms, out 200 ms) come from the same place.
    const previewTimes = await a.evaluate(() => ['--motion-preview-in', '--motion-preview-out'].map((name) => getComputedStyle(document.documentElement).getPropertyValue(name).trim()));
    expect(previewTimes).toEqual(['300ms', '200ms']);

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
    expect(await motion(arrived, 'flyInLeft')).toMatchObject({ animation: '0.5s' });
    // The history the window opened on stays still: Bob's window shows Ann's first message unmoved.
    const history = conversationWindow(b, ann.blogName).getByRole('listitem').filter({ hasText: 'Hello, are you there?' });
    expect(await motion(history)).toMatchObject({ animation: '0s' });

    // The drawer slides over its 500 ms hide time (the glass goes after 150 ms, in its store).
    await a.goto(`/dashboard?blog_name=${bob.blogName}`);
    const drawer = a.getByRole('dialog', { name: bob.blogName, exact: true });
    await expect(drawer).toBeVisible();
    expect(await motion(drawer.locator(':scope > div').first())).toMatchObject({ transition: '0.5s' });

    // Asked for less motion: nothing moves.
    await a.emulateMedia({ reducedMotion: 'reduce' });
    expect(await motion(drawer.locator(':scope > div').first())).toMatchObject({ transition: '0s' });
    await a.goto(`/messaging/conversation/${bob.blogName}`);
    await expect(annWindow.getByText('Here I am')).toBeVisible();
    expect(await motion(annWindow, 'rise')).toMatchObject({ animation: '0s' });
    expect(await motion(annWindow.getByLabel(`Message ${bob.blogName}`).locator('..'), 'composeIn')).toMatchObject({ animation: '0s' });
    await bobCompose.fill('Still here');
    await bobCompose.press('Enter');
    const still = annWindow.getByRole('listitem').filter({ hasText: 'Still here' });
    await expect(still).toBeVisible();
    expect(await motion(still, 'flyInLeft')).toMatchObject({ animation: '0s' });
    await a.getByRole('button', { name: 'Inbox' }).click();
    expect(await motion(a.getByRole('dialog', { name: 'Inbox' }), 'inboxIn')).toMatchObject({ animation: '0s' });
  } finally {
    await annContext.close();
    await bobContext.close();
  }
});
