// `npm run bench`: user-info throughput (ours vs a bare route, PostgreSQL and PGlite), the compiled
// server's start time and idle memory, client bundle size and the dashboard feed on generated data
// (PostgreSQL), in one run, printed as a summary. Everything it starts, it stops; the feed's database is dropped unless
// --keep-feed-db. Flags: --keep-feed-db (keep, and reuse next time), --no-feed (leave the feed out),
// --no-media (leave out image processing and the server's memory during a 200 MB upload),
// --no-social (leave out likes per second and the activity queries on 1M notifications).
// Each area scenario (messaging; blog-viewer: the drawer and in-blog search on 1M posts) runs in the
// full bench unless --no-<area>, or alone with --only-<area>.
import os from 'node:os';
import { measureBundle } from './bundle-size';
import { runCleanups } from './cleanup';
import { benchFeed, type FeedResult, type FeedSettings } from './feed';
import { benchImages, imageSummaryRows, printImages, type ImageSettings } from './images';
import { printBundle, printFeed, printStartup, printSummary, printUserInfo, type Outcome } from './report';
import { measureStartup } from './startup';
import { benchUploadMemory, printUploadMemory, uploadMemorySummaryRows } from './upload-memory';
import { benchSocial, printSocial, socialSummaryRows, type SocialSettings } from './social';
import { benchUserInfo, type UserInfoSettings } from './user-info';
import { benchMessaging, printMessaging, type MessagingSettings } from './messaging';
import { benchBlogViewer, type BlogViewerResult, type BlogViewerSettings } from './blog-viewer';
import { printBlogViewer } from './blog-viewer-report';

const AREAS = ['messaging', 'blog-viewer'] as const;
const FLAGS = ['--keep-feed-db', '--no-feed', '--no-media', '--no-social', ...AREAS.flatMap((a) => [`--no-${a}`, `--only-${a}`])];
const args = process.argv.slice(2);
const unknown = args.filter((a) => !FLAGS.includes(a));
if (unknown.length > 0) {
  console.error(`unknown ${unknown.join(' ')}; flags: ${FLAGS.join(' ')}`);
  process.exit(2);
}
const only = AREAS.find((area) => args.includes(`--only-${area}`));
const withArea = (area: (typeof AREAS)[number]) => (only ? only === area : !args.includes(`--no-${area}`));
const withFeed = !only && !args.includes('--no-feed');
const withMedia = !only && !args.includes('--no-media');
const withSocial = !only && !args.includes('--no-social');
const withMessaging = withArea('messaging');
const withBlogViewer = withArea('blog-viewer');
// Messaging: generation (~40 s), 4 × (2 s warm-up + 5 s) of load, 5 000 streams and 200 pokes: about 2 minutes.
const MESSAGING_SETTINGS: MessagingSettings = { seconds: 5, warmupSeconds: 2, connections: 10, streams: 5000, pokes: 200 };
// Generation of 1M posts with their search rows (several minutes on 2 cores), 2 × (2 s warm-up +
// 3 × 5 s) of load twice, 7 × 2 × 200 timed requests.
const BLOG_VIEWER_SETTINGS: BlogViewerSettings = { rounds: 3, seconds: 5, warmupSeconds: 2, connections: 10, latencyRequests: 200 };
// Media: 3 rounds × 4 images per side (~10 s) and one 200 MB upload (~15 s with the server's start).
const IMAGE_SETTINGS: ImageSettings = { rounds: 3, perRound: 4 };

// 3 servers × (2 s warm-up + 3 × 5 s) ≈ 51 s of load; with starts and the build, well under 3 minutes.
const SETTINGS: UserInfoSettings = { rounds: 3, seconds: 5, warmupSeconds: 2, connections: 10 };
// Generation (~25 s on 2 cores), 2 servers × (2 s warm-up + 3 × 5 s) of load, 2 × 3 × 200 timed requests:
// about 2 minutes in all.
const FEED_SETTINGS: FeedSettings = {
  rounds: 3,
  seconds: 5,
  warmupSeconds: 2,
  connections: 10,
  latencyRequests: 200,
  keep: args.includes('--keep-feed-db'),
};
// Social: generation (~20 s), 4 rounds of 5 s of likes, three activity pages explained: about a minute.
const SOCIAL_SETTINGS: SocialSettings = { rounds: 3, seconds: 5, connections: 10 };
const DEADLINE_MS =
  (only ? 30_000 : 210_000) +
  (withFeed ? 330_000 : 0) +
  (withMedia ? 90_000 : 0) +
  (withSocial ? 150_000 : 0) +
  (withMessaging ? 300_000 : 0) +
  (withBlogViewer ? 900_000 : 0);
const startedAt = performance.now();

async function attempt<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

async function abort(why: string) {
  console.error(`\nbench stopped: ${why}`);
  await runCleanups();
  process.exit(1);
}

const deadline = setTimeout(() => void abort(`over ${DEADLINE_MS / 1000} s`), DEADLINE_MS);
process.once('SIGINT', () => void abort('interrupted'));
process.once('SIGTERM', () => void abort('terminated'));

// The load average says whether something else was using the machine, which skews every figure.
console.log(
  `Tumbleweed bench: node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(2)}, ` +
    new Date().toISOString(),
);
async function benchAreas(rows: string[][]) {
  if (withMessaging) {
    const messaging = await attempt(() => benchMessaging(MESSAGING_SETTINGS));
    printMessaging(MESSAGING_SETTINGS, messaging.ok ? messaging.value : { skipped: messaging.reason });
  }
  if (withBlogViewer) {
    const viewer: Outcome<BlogViewerResult> = await attempt(() => benchBlogViewer(BLOG_VIEWER_SETTINGS));
    rows.push(...printBlogViewer(BLOG_VIEWER_SETTINGS, viewer));
  }
}

if (only) {
  await benchAreas([]);
} else {
  const userInfo = await attempt(() => benchUserInfo(SETTINGS));
  printUserInfo(SETTINGS, userInfo);
  const startup = await attempt(measureStartup);
  printStartup(startup);
  const bundle = await attempt(measureBundle);
  printBundle(bundle);
  const feed: Outcome<FeedResult> = withFeed ? await attempt(() => benchFeed(FEED_SETTINGS)) : { ok: true, value: { skipped: '--no-feed given' } };
  printFeed(FEED_SETTINGS, feed);
  const mediaRows: string[][] = [];
  if (withMedia) {
    const images = await attempt(() => benchImages(IMAGE_SETTINGS));
    printImages(IMAGE_SETTINGS, images);
    const uploadMemory = await attempt(benchUploadMemory);
    printUploadMemory(uploadMemory);
    mediaRows.push(...imageSummaryRows(images), ...uploadMemorySummaryRows(uploadMemory));
  }
  if (withSocial) {
    const social = await attempt(() => benchSocial(SOCIAL_SETTINGS));
    printSocial(SOCIAL_SETTINGS, social);
    mediaRows.push(...socialSummaryRows(social));
  }
  await benchAreas(mediaRows);
  printSummary(userInfo, startup, bundle, feed, mediaRows);
}

clearTimeout(deadline);
await runCleanups();
console.log(`\nbench took ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
