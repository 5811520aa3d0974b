import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from './support/axe';
import { newPerson, registerAndOpenDashboard } from './support/people';

// The media are made here by ffmpeg (which .ci/run installs with Debian's package): no downloads.
let dir: string;
test.beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tumbleweed-e2e-players-'));
});
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-loglevel', 'error', ...args, '-y'], { stdio: 'ignore' });

function makeTone(name: string, frequency: number) {
  const file = path.join(dir, `${name}.mp3`);
  ffmpeg(['-f', 'lavfi', '-i', `sine=frequency=${frequency}:duration=20`, '-metadata', `title=${name}`, '-metadata', 'artist=The Players', file]);
  return file;
}

/** 8 seconds, taller than 720 so the server also makes an HD rendition. */
function makeClip() {
  const file = path.join(dir, 'clip.mp4');
  ffmpeg(['-f', 'lavfi', '-i', 'testsrc=d=8:s=1280x768:r=10', '-f', 'lavfi', '-i', 'sine=d=8', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file]);
  return file;
}

const formKey = (page: Page) => page.evaluate(async () => (await (await fetch('/svc/user/info')).json()).response.form_key as string);

interface Uploaded {
  url: string;
  state?: string;
}

async function upload(page: Page, key: string, field: 'audio' | 'video', file: string, mimeType: string): Promise<Uploaded> {
  const res = await page.request.post('/svc/media/upload', {
    headers: { 'x-form-key': key },
    multipart: { [field]: { name: path.basename(file), mimeType, buffer: fs.readFileSync(file) } },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { response: Uploaded[] }).response[0]!;
}

async function save(page: Page, key: string, blog: string, fields: Record<string, string>) {
  const res = await page.request.post('/svc/post/update', { headers: { 'x-form-key': key }, data: { channel_id: blog, ...fields } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Tall text posts, so that the feed scrolls. */
async function fillers(page: Page, key: string, blog: string, count: number) {
  const body = Array.from({ length: 25 }, (_, i) => `<p>Filler paragraph ${i + 1}.</p>`).join('');
  for (let i = 0; i < count; i++) await save(page, key, blog, { 'post[type]': 'text', 'post[one]': `Filler ${i + 1}`, 'post[two]': body, editor_type: 'html' });
}

const card = (page: Page, text: string) => page.getByRole('feed').getByRole('article').filter({ hasText: text });
const mediaProp = (page: Page, selector: string, prop: 'paused' | 'muted' | 'currentTime' | 'currentSrc') =>
  page.locator(selector).evaluate((el, p) => (el as HTMLMediaElement)[p], prop);

test('a video autoplays muted in view, pauses out of view, and the HD toggle keeps its place', async ({ page }) => {
  test.setTimeout(180_000);
  const person = newPerson('video');
  await registerAndOpenDashboard(page, person);
  const key = await formKey(page);
  const clip = makeClip();
  let item = await upload(page, key, 'video', clip, 'video/mp4');
  // The server converts it in the background; the same file again answers its state.
  await expect.poll(async () => (item = await upload(page, key, 'video', clip, 'video/mp4')).state, { timeout: 120_000, intervals: [2000] }).toBe('ready');
  await save(page, key, person.blogName, { 'post[type]': 'video', preuploaded_url: item.url, confirm_tos: '1', 'post[two]': '<p>Test pattern</p>' });
  await fillers(page, key, person.blogName, 3);

  await page.goto('/dashboard');
  const post = card(page, 'Test pattern');
  const video = `article:has-text("Test pattern") video`;
  await expect(post.locator('video')).toHaveCount(1);
  // Below the fold: paused and muted.
  expect(await mediaProp(page, video, 'paused')).toBe(true);
  expect(await mediaProp(page, video, 'muted')).toBe(true);

  await post.locator('video').scrollIntoViewIfNeeded();
  await expect.poll(() => mediaProp(page, video, 'paused')).toBe(false);
  expect(await mediaProp(page, video, 'muted')).toBe(true);
  await expect.poll(() => mediaProp(page, video, 'currentTime')).toBeGreaterThan(0.3);

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(() => mediaProp(page, video, 'paused')).toBe(true);

  // Back in view; the person pauses it, moves it to 5 s, and asks for HD.
  await post.locator('video').scrollIntoViewIfNeeded();
  await expect.poll(() => mediaProp(page, video, 'paused')).toBe(false);
  await expectAccessible(page);
  await post.getByRole('button', { name: 'Pause' }).click();
  await post.getByRole('slider', { name: 'Seek' }).press('Home');
  await post.getByRole('slider', { name: 'Seek' }).press('ArrowRight');
  await expect.poll(() => mediaProp(page, video, 'currentTime')).toBeCloseTo(5, 1);
  const standard = await mediaProp(page, video, 'currentSrc');
  await post.getByRole('button', { name: 'HD' }).click();
  await expect(post.getByRole('button', { name: 'HD' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => mediaProp(page, video, 'currentSrc')).not.toBe(standard);
  await expect.poll(() => mediaProp(page, video, 'currentTime')).toBeCloseTo(5, 1);
  expect(await mediaProp(page, video, 'paused')).toBe(true);
  expect(await mediaProp(page, video, 'muted')).toBe(true);

  // Played by the person, it docks at the window's corner when scrolled away and plays on (spec 2 §4).
  await post.getByRole('button', { name: 'Play' }).click();
  // Playing at the person's wish is what lets it dock: the scroll must come after the player shows it.
  await expect(post.getByRole('button', { name: 'Pause' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(post.locator('[data-docked]')).toBeInViewport();
  expect(await mediaProp(page, video, 'paused')).toBe(false);
  await post.getByRole('button', { name: 'Close the docked video' }).click();
  await expect(post.locator('[data-docked]')).toHaveCount(0);
  await expect.poll(() => mediaProp(page, video, 'paused')).toBe(true);
});

test('an audio post plays from its own player, and a second one stops the first', async ({ page }) => {
  const person = newPerson('audio');
  await registerAndOpenDashboard(page, person);
  const key = await formKey(page);
  for (const [name, frequency] of [['First Tune', 440], ['Second Tune', 660]] as const) {
    const item = await upload(page, key, 'audio', makeTone(name, frequency), 'audio/mpeg');
    await save(page, key, person.blogName, { 'post[type]': 'audio', preuploaded_url: item.url, confirm_tos: '1' });
  }
  await page.goto('/dashboard');
  const first = `article:has-text("First Tune") audio`;
  const second = `article:has-text("Second Tune") audio`;
  await expect(page.locator(first)).toHaveAttribute('src', /nodownload=1/);

  await card(page, 'First Tune').getByRole('button', { name: 'Play First Tune' }).click();
  await expect(card(page, 'First Tune').getByRole('button', { name: 'Pause First Tune' })).toBeVisible();
  await expect.poll(() => mediaProp(page, first, 'currentTime')).toBeGreaterThan(0.2);

  await card(page, 'Second Tune').getByRole('button', { name: 'Play Second Tune' }).click();
  await expect(card(page, 'Second Tune').getByRole('button', { name: 'Pause Second Tune' })).toBeVisible();
  await expect(card(page, 'First Tune').getByRole('button', { name: 'Play First Tune' })).toBeVisible();
  expect(await mediaProp(page, first, 'paused')).toBe(true);
  expect(await mediaProp(page, first, 'currentTime')).toBe(0);
  expect(await mediaProp(page, second, 'paused')).toBe(false);
  await expectAccessible(page);
});

test('a photo carousel moves with its arrows and dots, and peeks at its ends', async ({ page }) => {
  const person = newPerson('carousel');
  await registerAndOpenDashboard(page, person);
  const key = await formKey(page);
  const fields: Record<string, string> = { 'post[type]': 'photo', carousel_display: '1', 'post[two]': '<p>Three colours</p>' };
  for (const [i, colour] of ['#c33', '#3c3', '#33c'].entries()) {
    const buffer = await sharp({ create: { width: 600, height: 400, channels: 3, background: colour } }).png().toBuffer();
    const res = await page.request.post('/svc/media/upload', { headers: { 'x-form-key': key }, multipart: { photo: { name: `p${i}.png`, mimeType: 'image/png', buffer } } });
    fields[`images[o${i + 1}]`] = ((await res.json()) as { response: { url: string }[] }).response[0]!.url;
  }
  await save(page, key, person.blogName, fields);
  await page.goto('/dashboard');
  const post = card(page, 'Three colours');
  await expect(post.getByRole('region', { name: 'Photos, 1 of 3' })).toBeVisible();
  await post.getByRole('button', { name: 'Next photo' }).click();
  await expect(post.getByRole('region', { name: 'Photos, 2 of 3' })).toBeVisible();
  await post.getByRole('button', { name: 'Photo 3' }).click();
  await expect(post.getByRole('region', { name: 'Photos, 3 of 3' })).toBeVisible();
  await expect(post.getByRole('button', { name: 'Photo 3' })).toHaveAttribute('aria-current', 'true');
  // Past the end: it stays, and leans.
  await post.getByRole('button', { name: 'Next photo' }).click();
  await expect(post.getByRole('region', { name: 'Photos, 3 of 3' })).toBeVisible();
  await post.getByRole('button', { name: 'Previous photo' }).click();
  await expect(post.getByRole('region', { name: 'Photos, 2 of 3' })).toBeVisible();
  await expectAccessible(page);
});

test('edit opens inline in the feed and saves in place', async ({ page }) => {
  const person = newPerson('inline');
  await registerAndOpenDashboard(page, person);
  const key = await formKey(page);
  await save(page, key, person.blogName, { 'post[type]': 'text', 'post[one]': 'Older thought', 'post[two]': '<p>Below.</p>' });
  await save(page, key, person.blogName, { 'post[type]': 'text', 'post[one]': 'First draft', 'post[two]': '<p>Words.</p>' });
  await page.goto('/dashboard');

  await card(page, 'First draft').getByRole('link', { name: 'Edit' }).click();
  const editing = page.getByRole('feed').getByRole('region', { name: 'Edit post' });
  await expect(editing.getByLabel('Title', { exact: true })).toHaveValue('First draft');
  // Not the modal: the form stands where the card was, and the address says which form is open.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/edit\/\d+$/);
  await expectAccessible(page);

  await editing.getByLabel('Title', { exact: true }).fill('Final draft');
  await editing.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editing).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);
  const articles = page.getByRole('feed').getByRole('article');
  await expect(articles.first()).toContainText('Final draft');
  await expect(articles.nth(1)).toContainText('Older thought');
  await expect(card(page, 'First draft')).toHaveCount(0);
});
