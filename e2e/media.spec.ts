import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from './support/axe';
import { newPerson, registerAndOpenDashboard } from './support/people';

const form = (page: Page) => page.getByRole('dialog').first();
const card = (page: Page, text: string | RegExp) => page.getByRole('feed').getByRole('article').filter({ hasText: text });

async function openForm(page: Page, type: string) {
  await page.getByRole('navigation', { name: 'Make a post' }).getByRole('link', { name: type, exact: true }).click();
  await expect(form(page)).toBeVisible();
}

let dir: string;
test.beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tumbleweed-e2e-media-'));
});
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test('a photo post from three files: progress, reorder, captions, shown in the chosen order', async ({ page }) => {
  const files: string[] = [];
  for (const [i, width] of [300, 400, 500].entries()) {
    const file = path.join(dir, `photo-${i + 1}.png`);
    // Noise keeps each file large enough (about 100 KB) to watch its upload on a slowed link.
    await sharp({ create: { width, height: 200, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 60 + 60 * i, sigma: 30 } } }).png().toFile(file);
    files.push(file);
  }
  await registerAndOpenDashboard(page, newPerson('photos'));
  await openForm(page, 'Photo');
  // A slow uplink (about 200 KB/s), so the progress a person watches can be read.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 200 * 1024 });
  await form(page).locator('input[type=file]').setInputFiles(files);
  const rows = form(page).getByRole('list', { name: 'Photos' }).getByRole('listitem');
  await expect(rows).toHaveCount(3);
  const overall = form(page).getByRole('progressbar', { name: 'Uploading photos' });
  await expect(overall).toBeVisible();
  await expect.poll(async () => Number(await overall.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  // Done: the bars go away.
  await expect(overall).toHaveCount(0, { timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  // The first photo moves to the end; each gets a caption.
  await form(page).getByRole('button', { name: 'Move photo 1 down' }).click();
  await form(page).getByRole('button', { name: 'Move photo 2 down' }).click();
  for (const n of [1, 2, 3]) {
    await form(page).getByLabel(`Caption for photo ${n}`).fill(`Caption ${n}`);
    await form(page).getByLabel(`Alt text for photo ${n}`).fill(`A plain test picture, number ${n}`);
  }
  await expectAccessible(page);
  await form(page).getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const post = card(page, 'Caption 1');
  const images = post.locator('img[src*="/media/"]');
  await expect(images).toHaveCount(3);
  await expect.poll(() => images.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth))).toEqual([400, 500, 300]);
});

test('an audio post whose title comes from the file\'s tags', async ({ page }) => {
  // The MP3 with tags is made by ffmpeg, which .ci/run installs with Debian's package.
  const mp3 = path.join(dir, 'tune.mp3');
  execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-metadata', 'title=Test Tune',
    '-metadata', 'artist=The E2E Band', '-metadata', 'album=Green Builds', '-y', mp3]);
  await registerAndOpenDashboard(page, newPerson('audio'));
  await openForm(page, 'Audio');
  await form(page).locator('input[type=file]').setInputFiles(mp3);
  await expect(form(page).getByLabel('Track')).toHaveValue('Test Tune');
  await expect(form(page).getByLabel('Artist')).toHaveValue('The E2E Band');
  await form(page).getByRole('button', { name: 'Post', exact: true }).click();
  await expect(form(page).getByRole('alert')).toHaveText('You must agree that you have permission to share this file.');
  await form(page).getByLabel('I have permission to share this file').check();
  await form(page).getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(card(page, 'Test Tune')).toContainText('The E2E Band');
  await expect(card(page, 'Test Tune').locator('audio[src*="/media/"][src*="nodownload=1"]')).toHaveCount(1);
});

test('an audio post from a file keeps its file, tags and album art through an edit', async ({ page }) => {
  const cover = path.join(dir, 'cover.jpg');
  await sharp({ create: { width: 300, height: 300, channels: 3, background: '#d04a20' } }).jpeg().toFile(cover);
  const mp3 = path.join(dir, 'covered.mp3');
  execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=1', '-i', cover, '-map', '0:a', '-map', '1:v',
    '-c:a', 'libmp3lame', '-c:v', 'copy', '-id3v2_version', '3', '-disposition:v', 'attached_pic', '-metadata', 'title=Edited Tune', '-metadata', 'artist=The Keepers', '-y', mp3]);
  await registerAndOpenDashboard(page, newPerson('audio-edit'));
  await openForm(page, 'Audio');
  await form(page).locator('input[type=file]').setInputFiles(mp3);
  await expect(form(page).getByLabel('Track')).toHaveValue('Edited Tune');
  await form(page).getByLabel('I have permission to share this file').check();
  await form(page).getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const art = (await card(page, 'Edited Tune').locator('img[src*="/media/"]').first().getAttribute('src'))!;
  const stream = (await card(page, 'Edited Tune').locator('audio').getAttribute('src'))!;

  // The edit form shows the uploaded file with its tags and art, not an empty address box.
  await card(page, 'Edited Tune').getByRole('link', { name: 'Edit', exact: true }).click();
  const editing = page.getByRole('feed').getByRole('region', { name: 'Edit post' });
  await expect(editing.getByLabel('Track')).toHaveValue('Edited Tune');
  await expect(editing.getByLabel('Artist')).toHaveValue('The Keepers');
  await expect(editing.getByRole('img', { name: 'Album art' })).toHaveAttribute('src', art);
  await expect(editing.getByLabel('Audio URL')).toHaveCount(0);
  await editing.getByLabel('Album').fill('Kept');
  await editing.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editing).toHaveCount(0);
  const post = card(page, 'Edited Tune');
  await expect(post).toContainText('Kept');
  await expect(post.locator('audio')).toHaveAttribute('src', stream);
  await expect(post.locator(`img[src="${art}"]`)).toHaveCount(1);
});

test('a video uploaded in the form: processing until converted, autoplays in view at load, and an edit keeps it', async ({ page }) => {
  test.setTimeout(150_000);
  // 3 seconds (long enough to autoplay), small, so the conversion is quick.
  const clip = path.join(dir, 'form-clip.mp4');
  execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=d=3:s=480x270:r=10', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-y', clip]);
  await registerAndOpenDashboard(page, newPerson('video-form'));
  await openForm(page, 'Video');
  await form(page).locator('input[type=file]').setInputFiles(clip);
  await expect(form(page).getByText('Processing your video…')).toBeVisible();
  // The form keeps asking until the server has converted it, then says so and shows the still.
  await expect(form(page).getByText('Uploaded.')).toBeVisible({ timeout: 120_000 });
  await expect(form(page).getByText('Processing your video…')).toHaveCount(0);
  await expect(form(page).getByRole('img', { name: 'Video preview' })).toBeVisible();
  await form(page).getByLabel('I have permission to share this file').check();
  await form(page).getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // In view when the page loads: it starts, muted, with no scroll (spec 1 §4).
  await page.goto('/dashboard');
  const video = page.getByRole('feed').getByRole('article').first().locator('video');
  await expect(video).toBeInViewport();
  await expect.poll(() => video.evaluate((el) => (el as HTMLVideoElement).paused)).toBe(false);
  expect(await video.evaluate((el) => (el as HTMLVideoElement).muted)).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // The edit form shows the file, not an empty embed box, and saving keeps it.
  const src = await video.getAttribute('src');
  await page.getByRole('feed').getByRole('article').first().getByRole('link', { name: 'Edit', exact: true }).click();
  const editing = page.getByRole('feed').getByRole('region', { name: 'Edit post' });
  await expect(editing.getByText('Uploaded.')).toBeVisible();
  await expect(editing.getByLabel('Embed code or URL')).toHaveCount(0);
  await editing.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editing).toHaveCount(0);
  await expect(page.getByRole('feed').getByRole('article').first().locator('video')).toHaveAttribute('src', src!);
});

test('a text post with a GIF from the search, credited to its post', async ({ page }) => {
  await registerAndOpenDashboard(page, newPerson('gif'));
  await openForm(page, 'Text');
  await form(page).getByLabel('Title', { exact: true }).fill('Look at this');
  await form(page).getByRole('textbox', { name: 'Body' }).click();
  await form(page).getByRole('button', { name: 'Insert' }).click();
  await form(page).getByRole('menuitem', { name: 'GIF' }).click();
  const search = page.getByRole('dialog', { name: 'GIF search' });
  await search.getByRole('searchbox', { name: 'Search GIFs' }).or(search.getByRole('textbox', { name: 'Search GIFs' })).fill('cat');
  const first = search.getByRole('list', { name: 'GIFs' }).getByRole('button').first();
  await expect(first).toHaveAccessibleName(/^GIF by .*cat/);
  await first.click();
  await form(page).getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const post = card(page, 'Look at this');
  await expect(post.locator('img[src*="/media/"][src$=".gif"]')).toHaveCount(1);
  await expect(post).toContainText('GIF by');
});
