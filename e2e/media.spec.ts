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
  for (const n of [1, 2, 3]) await form(page).getByLabel(`Caption for photo ${n}`).fill(`Caption ${n}`);
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
