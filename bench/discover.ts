// `npx tsx bench/discover.ts [--keep-feed-db]`: finding things on the feed scenario's 1,000,000-post
// set (PostgreSQL), alone: site search (one and two words) through our route against a bare route
// that runs the same queries (no session, envelope or checks), /explore warm, and the dashboard
// before and after every sampled user follows 20 tags. Sequential requests through app.inject,
// so the figures are the server's own time, not a load generator's.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app';
import { readConfig } from '../src/server/config';
import { migrateToLatest, openDatabase } from '../src/server/db/database';
import { hydratePosts } from '../src/server/hydration/hydrator';
import { postViews } from '../src/server/hydration/post-views';
import { searchPostIds } from '../src/server/search/posts-search';
import { runCleanups } from './cleanup';
import { prepareFeedData } from './feed-data';
import { withClient } from './postgres';

const ONE_WORD = ['autumn', 'lantern', 'garlic', 'bookshelf', 'cello', 'petrichor', 'harbor', 'zephyr'];
const TWO_WORDS = ['autumn river', 'quiet morning', 'long drive', 'secondhand camera', 'silver meadow', 'early night'];
const REQUESTS = 200;
const PUBLIC_URL = 'http://localhost:3000';

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return { median: pct(sorted, 50), p99: pct(sorted, 99), mean };
};
const ms = (n: number) => `${n.toFixed(2)} ms`;

async function timed(count: number, send: (i: number) => Promise<{ statusCode: number; body: string }>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await send(i);
    times.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}: ${res.body.slice(0, 200)}`);
  }
  return times;
}

const keep = process.argv.includes('--keep-feed-db');
const prepared = await prepareFeedData(keep);
if (!prepared.ok) {
  console.error(`bench skipped: ${prepared.reason}`);
  process.exit(1);
}
const data = prepared.data;
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tumbleweed-bench-discover-'));
const database = await openDatabase({ databaseUrl: data.url, poolSize: 10 });
// A kept database was made by an older checkout: bring it to this one's schema (post_notes, ...).
await migrateToLatest(database.db);
const config = readConfig({ DATA_DIR: dataDir, PUBLIC_URL, LOG_LEVEL: 'warn' });
const app = await buildApp({ config, database, logger: false, publisher: false, jobs: false });
await app.ready();

// The bare route: the same queries (page ids, then hydration), nothing else around them.
const bare = Fastify({ logger: false });
bare.get<{ Querystring: { q: string; sort: 'top' | 'recent' } }>('/bare/search', async (request) => {
  const ids = await searchPostIds(database.db, {
    words: request.query.q, tag: null, sort: request.query.sort, postType: 'any', safeMode: false, viewerUserId: null, before: null,
  });
  return { response: { posts: postViews(ids.ids, await hydratePosts(database.db, ids.ids, null), null, PUBLIC_URL), next: ids.next } };
});
await bare.ready();

/*
 * Notes for top sort: the generated posts have none. Likes on about 2% of the posts, picked across
 * every age, 1 to 81 each (skewed: most get a few), so the most-noted posts are spread through
 * time as on a live site and the top walk reads its index in an order unrelated to the table's.
 * The likes triggers keep post_notes, as for likes through the API. Blog u is user u's in this set.
 * post_tags joins the vacuum: the generator's own leaves it out, and the server runs without
 * autovacuum, so its index-only probes would otherwise read the heap (a live site's autovacuum sets
 * the visibility map).
 */
const notesStarted = performance.now();
const { rowCount: likesAdded } = await withClient(data.url, async (client) => {
  const result = await client.query(`
    insert into likes (user_id, post_id, blog_id)
    select u, id, u from (
      select (1 + floor(random() * ${data.stats.blogs}))::bigint as u, p.id
      from (select id from posts where publish_id is not null and random() < 0.02) p
      cross join lateral generate_series(1, 1 + (p.id % 1)::int + floor(80 * power(random(), 4))::int) k
    ) x
    on conflict do nothing`);
  await client.query('vacuum (analyze) likes, post_notes, post_tags');
  return result;
});
const likesMs = performance.now() - notesStarted;

try {
  console.log(`load average: ${os.loadavg().map((n) => n.toFixed(2)).join(', ')}`);
  console.log(`notes: ${likesAdded ?? 0} likes added in ${(likesMs / 1000).toFixed(1)} s (post_notes kept by the likes triggers)`);
  console.log(`data: ${data.stats.posts} posts, ${data.stats.blogs} blogs (${data.generated ? `generated in ${(data.generatedMs / 1000).toFixed(0)} s` : 'kept'})`);
  for (const [label, terms, sort] of [
    ['one word', ONE_WORD, 'recent'],
    ['two words', TWO_WORDS, 'recent'],
    ['one word', ONE_WORD, 'top'],
    ['two words', TWO_WORDS, 'top'],
  ] as const) {
    const url = (i: number) => `/svc/search/posts?sort=${sort}&q=${encodeURIComponent(terms[i % terms.length]!)}`;
    const bareUrl = (i: number) => `/bare/search?sort=${sort}&q=${encodeURIComponent(terms[i % terms.length]!)}`;
    // Warm both, then interleave them request by request, each first in turn, so neither reads
    // pages the other just brought in more often (in two blocks, the second ran on a warmer cache).
    await timed(terms.length * 2, (i) => app.inject({ method: 'GET', url: url(i) }));
    await timed(terms.length * 2, (i) => bare.inject({ method: 'GET', url: bareUrl(i) }));
    const oursTimes: number[] = [];
    const bareTimes: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const pair = [
        () => timed(1, () => app.inject({ method: 'GET', url: url(i) })).then(([ms]) => oursTimes.push(ms!)),
        () => timed(1, () => bare.inject({ method: 'GET', url: bareUrl(i) })).then(([ms]) => bareTimes.push(ms!)),
      ];
      for (const run of i % 2 === 0 ? pair : pair.reverse()) await run();
    }
    const ours = summary(oursTimes);
    const plain = summary(bareTimes);
    console.log(
      `search, ${label}, ${sort}: ours median ${ms(ours.median)}, p99 ${ms(ours.p99)}; bare median ${ms(plain.median)}, p99 ${ms(plain.p99)}; ` +
        `throughput ratio ${(plain.mean / ours.mean).toFixed(2)}x of bare`,
    );
  }

  await app.inject({ method: 'GET', url: '/svc/explore' });
  const explore = summary(await timed(REQUESTS, () => app.inject({ method: 'GET', url: '/svc/explore' })));
  console.log(`explore, warm: median ${ms(explore.median)}, p99 ${ms(explore.p99)}`);

  // The dashboard of the population sample, then the same after each follows 20 tags.
  const users = data.mix.slice(0, 50);
  const dashboard = (i: number) =>
    app.inject({ method: 'GET', url: '/svc/post/dashboard/before/0', cookies: { sid: users[i % users.length]!.token } });
  await timed(users.length, dashboard);
  const before = summary(await timed(REQUESTS, dashboard));
  const { rows } = await withClient(data.url, (client) =>
    client.query<{ tag: string }>(`select tag from post_tags group by tag order by count(*) desc limit 20`),
  );
  await withClient(data.url, (client) =>
    client.query(`insert into tag_follows (user_id, tag) select u, t from unnest($1::bigint[]) u, unnest($2::text[]) t on conflict do nothing`, [
      users.map((u) => u.id),
      rows.map((r) => r.tag),
    ]),
  );
  await withClient(data.url, (client) => client.query('analyze tag_follows'));
  await timed(users.length, dashboard);
  const after = summary(await timed(REQUESTS, dashboard));
  await withClient(data.url, (client) => client.query('delete from tag_follows where user_id = any($1::bigint[])', [users.map((u) => u.id)]));
  // The yardstick of "one indexed probe per followed tag": the same users following 20 more blogs.
  const { rows: added } = await withClient(data.url, (client) =>
    client.query<{ user_id: string; blog_id: string }>(
      `insert into follows (user_id, blog_id)
       select u, b.id from unnest($1::bigint[]) u
       cross join lateral (
         select id from blogs where id <> u and id not in (select blog_id from follows where user_id = u)
         order by (id * 7919) % 10007 limit 20
       ) b
       returning user_id, blog_id`,
      [users.map((u) => u.id)],
    ),
  );
  await withClient(data.url, (client) => client.query('analyze follows'));
  await timed(users.length, dashboard);
  const moreBlogs = summary(await timed(REQUESTS, dashboard));
  await withClient(data.url, (client) =>
    client.query('delete from follows where (user_id, blog_id) in (select * from unnest($1::bigint[], $2::bigint[]))', [
      added.map((r) => r.user_id),
      added.map((r) => r.blog_id),
    ]),
  );
  console.log(
    `dashboard, ${users.length} users: median ${ms(before.median)}, p99 ${ms(before.p99)}; with ${rows.length} tag follows each: ` +
      `median ${ms(after.median)}, p99 ${ms(after.p99)} (mean ratio ${(after.mean / before.mean).toFixed(2)}); ` +
      `with 20 more followed blogs instead: median ${ms(moreBlogs.median)}, p99 ${ms(moreBlogs.p99)} (mean ratio ${(moreBlogs.mean / before.mean).toFixed(2)})`,
  );
  console.log(`load average: ${os.loadavg().map((n) => n.toFixed(2)).join(', ')}`);
} finally {
  // A kept database goes back to no likes, as the feed bench expects it.
  if (data.kept) await withClient(data.url, (client) => client.query('delete from likes'));
  await bare.close();
  await app.close();
  await data.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
  await runCleanups();
}
