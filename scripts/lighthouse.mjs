// npm run lighthouse: Lighthouse's scores for the login page, a blog's page and a post's page, with
// its desktop and its mobile profile, against the compiled server on a fresh, demo-seeded database.
// Debian's Chromium (/usr/bin/chromium, or CHROME_PATH) does the loading. Exits 1 when a score is
// under the team's targets: performance 90, accessibility 100, best practices 95.
//   npm run lighthouse [-- --port 3290]
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { newestPost, startLocalServer } from './local-server.mjs';

const TARGETS = { performance: 90, accessibility: 100, 'best-practices': 95 };
const CATEGORIES = Object.keys(TARGETS);

const { values } = parseArgs({ options: { port: { type: 'string', default: '3290' } } });
const server = await startLocalServer({ port: Number(values.port) });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

let failed = false;
try {
  const post = await newestPost(server.url, 'staff');
  const pages = [
    ['login', '/login'],
    ['blog', '/blog/staff'],
    ['post', new URL(post.post_url, server.url).pathname],
  ];
  const rows = [];
  for (const [name, pagePath] of pages) {
    for (const [profile, config] of [['desktop', desktopConfig], ['mobile', undefined]]) {
      const result = await lighthouse(`${server.url}${pagePath}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES }, config);
      const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((result.lhr.categories[id].score ?? 0) * 100)]));
      const short = CATEGORIES.filter((id) => scores[id] < TARGETS[id]);
      if (short.length > 0) failed = true;
      // What cost the points, so a low score says where to look.
      const losses = short.flatMap((id) =>
        result.lhr.categories[id].auditRefs
          .filter((ref) => ref.weight > 0 && (result.lhr.audits[ref.id].score ?? 1) < 1)
          .map((ref) => `${ref.id} (${result.lhr.audits[ref.id].displayValue ?? result.lhr.audits[ref.id].score})`),
      );
      rows.push({ page: `${name} ${pagePath}`, profile, ...scores, 'first contentful paint': result.lhr.audits['first-contentful-paint'].displayValue, 'largest contentful paint': result.lhr.audits['largest-contentful-paint'].displayValue, missed: losses.join(', ') });
      console.log(`${name.padEnd(6)} ${profile.padEnd(8)} performance ${scores.performance}  accessibility ${scores.accessibility}  best practices ${scores['best-practices']}${losses.length ? `  (${losses.join(', ')})` : ''}`);
    }
  }
  console.table(rows.map(({ missed: _missed, ...row }) => row));
  console.log(failed ? `Below the targets (${Object.entries(TARGETS).map(([id, target]) => `${id} ${target}`).join(', ')}).` : 'Every page meets the targets.');
} finally {
  chrome.kill();
  await server.stop();
}
process.exitCode = failed ? 1 : 0;
