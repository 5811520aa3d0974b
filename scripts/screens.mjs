// npm run screens [-- <folder>] [--port 3291] [--palette navy|light|dark|all]: a screenshot of every
// page and popover, at 1280 and 390 px wide, as a visitor and as the demo account, in each colour
// palette (all three unless told), so a reviewer can look at all of a change.
// Starts the compiled server on a fresh, demo-seeded database and drives Debian's Chromium
// (/usr/bin/chromium, or CHROME_PATH). The folder (default: a new one in the OS temp folder) must be
// outside the repository; it holds a folder per palette, each file in it named
// <n>-<width>-<who>-<what>.png, and the folder is printed.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { newestPost, startLocalServer } from './local-server.mjs';

const PALETTES = ['navy', 'light', 'dark'];
const { values, positionals } = parseArgs({
  options: { port: { type: 'string', default: '3291' }, palette: { type: 'string', default: 'all' } },
  allowPositionals: true,
});
if (values.palette !== 'all' && !PALETTES.includes(values.palette)) {
  console.error(`--palette takes ${PALETTES.join(', ')} or all, not ${values.palette}.`);
  process.exit(2);
}
const palettes = values.palette === 'all' ? PALETTES : [values.palette];
const outDir = path.resolve(positionals[0] ?? path.join(os.tmpdir(), `tumbleweed-screens-${new Date().toISOString().replace(/[:.]/g, '-')}`));
const fromRepo = path.relative(process.cwd(), outDir);
if (!fromRepo.startsWith('..') && !path.isAbsolute(fromRepo)) {
  console.error(`Put the screenshots outside the repository: ${outDir} is inside ${process.cwd()}.`);
  process.exit(2);
}
await fs.mkdir(outDir, { recursive: true });

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];
const POST_TYPES = ['text', 'photo', 'quote', 'link', 'chat', 'audio', 'video'];

/** A page is drawn once its loading messages are gone and its fades have run. */
async function settle(page) {
  await page.waitForLoadState('load');
  await page
    .getByText('Loading…', { exact: true })
    .first()
    .waitFor({ state: 'detached', timeout: 8_000 })
    .catch(() => {});
  await page.waitForTimeout(500);
}

/** Draws `page` in `palette` from its first paint: the visitor's remembered choice (palette.ts's key). */
async function usePalette(context, palette) {
  await context.addInitScript((chosen) => localStorage.setItem('tumbleweed:palette', chosen), palette);
}

/** The demo account's own choice, which its user info brings and which wins over the remembered one. */
async function setAccountPalette(page, palette) {
  const info = await (await page.request.get('/svc/user/info')).json();
  const set = await page.request.post('/svc/user/settings', { headers: { 'x-form-key': info.response.form_key }, data: { palette } });
  if (!set.ok()) throw new Error(`The demo account's palette could not be set to ${palette}: ${set.status()} ${await set.text()}`);
}

const server = await startLocalServer({ port: Number(values.port) });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
let count = 0;
const missed = [];
try {
  const post = await newestPost(server.url, 'staff');
  const postPath = new URL(post.post_url, server.url).pathname;
  const tag = post.tags?.[0] ?? 'cats';

  const visitorPages = [
    ['login', '/login'],
    ['register', '/register'],
    ['forgot-password', '/forgot-password'],
    ['blog', '/blog/staff'],
    ['post', postPath],
    ['explore', '/explore'],
    ['search', '/search?q=night'],
    ['tagged', `/tagged/${encodeURIComponent(tag)}`],
    ['not-found', '/no/such/page'],
  ];
  const demoPages = [
    ['dashboard', '/dashboard'],
    ...POST_TYPES.map((type) => [`new-${type}`, `/new/${type}`]),
    ['own-blog', '/blog/demo'],
    ['blog', '/blog/staff'],
    ['post', postPath],
    ['drawer', `/dashboard?blog_name=staff`],
    ['drafts', '/blog/demo/drafts'],
    ['queue', '/blog/demo/queue'],
    ['activity', '/blog/demo/activity'],
    ['inbox', '/blog/demo/inbox'],
    ['insights', '/blog/demo/insights'],
    ['blog-settings', '/blog/demo/settings'],
    ['settings', '/settings'],
    ['settings-account', '/settings/account'],
    ['settings-password', '/settings/password'],
    ['settings-tfa', '/settings/tfa'],
    ['settings-notifications', '/settings/notifications'],
    ['settings-apps', '/settings/apps'],
    ['settings-dashboard', '/settings/dashboard'],
    ['help', '/help'],
    ['following', '/following'],
    ['follow', '/follow/night-sky'],
    ['ask', '/blog/staff/ask'],
    ['submit', '/blog/staff/submit'],
    ['likes', '/likes'],
    ['explore', '/explore'],
    ['search', '/search?q=night'],
    ['tagged', `/tagged/${encodeURIComponent(tag)}`],
    ['conversation', '/messaging/conversation/staff'],
  ];
  // Popovers of the dashboard: [name, what opens it]; the phone's menu is its own.
  const popovers = [
    ['account-menu', (page) => page.getByRole('button', { name: 'Account menu' }).click()],
    ['activity', (page) => page.getByRole('button', { name: 'Activity' }).first().click()],
    ['messages-inbox', (page) => page.getByRole('button', { name: 'Inbox' }).first().click()],
    ['fast-compose', (page) => page.getByRole('button', { name: 'Compose a post' }).click()],
    ['post-share', (page) => page.getByRole('article').first().getByRole('button', { name: 'Share' }).first().click()],
    ['post-notes', (page) => page.getByRole('article').first().getByRole('button', { name: /notes?$/i }).first().click()],
    ['post-reblog-options', (page) => page.getByRole('article').first().getByRole('button', { name: 'More reblog options' }).first().click()],
    ['phone-menu', (page) => page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click(), 390],
  ];

  let palette = palettes[0];
  let shotsInPalette = 0;
  const shoot = async (page, name) => {
    count += 1;
    shotsInPalette += 1;
    await page.screenshot({ path: path.join(outDir, palette, `${String(shotsInPalette).padStart(3, '0')}-${name}.png`) });
  };

  for (palette of palettes) {
    shotsInPalette = 0;
    await fs.mkdir(path.join(outDir, palette), { recursive: true });
    for (const size of WIDTHS) {
      for (const who of ['visitor', 'demo']) {
        const context = await browser.newContext({ viewport: size, baseURL: server.url, reducedMotion: 'reduce' });
        await usePalette(context, palette);
        const page = await context.newPage();
        if (who === 'demo') {
          const login = await page.request.post('/svc/account/login', { data: server.demo });
          if (!login.ok()) throw new Error(`The demo account could not log in: ${login.status()} ${await login.text()}`);
          await setAccountPalette(page, palette);
        }
        // Popovers first: the conversation page (last) leaves a messaging window open.
        if (who === 'demo') {
          for (const [name, open, onlyAt] of popovers) {
            if (onlyAt && onlyAt !== size.width) continue;
            try {
              await page.goto('/dashboard');
              await settle(page);
              await open(page);
              await page.waitForTimeout(600);
              await shoot(page, `${size.width}-demo-popover-${name}`);
            } catch (error) {
              missed.push(`${palette} ${size.width} demo popover ${name}: ${error.message.split('\n')[0]}`);
            }
          }
        }
        for (const [name, address] of who === 'demo' ? demoPages : visitorPages) {
          try {
            await page.goto(address);
            await settle(page);
            await shoot(page, `${size.width}-${who}-${name}`);
          } catch (error) {
            missed.push(`${palette} ${size.width} ${who} ${name}: ${error.message.split('\n')[0]}`);
          }
        }
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`${count} screenshots in ${outDir} (a folder per palette: ${palettes.join(', ')})`);
if (missed.length > 0) console.log(`Not taken (the control was not found or the page failed):\n  ${missed.join('\n  ')}`);
