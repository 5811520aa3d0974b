import pg from 'pg';
import { NO_CURSOR } from '../src/server/posts/queries';
import { DASHBOARD_SQL, dashboardValues } from './bare-feed';
import type { ChildServer } from './child';
import { prepareFeedData, type FeedData, type FeedUser } from './feed-data';
import { firstDifference, get, rounds, sameSql, spread, timedTurns, withPair, type CannonRequest } from './pair';
import { dashboardPath } from './record-sql';
import type { Measured } from './user-info';

export interface FeedSettings {
  rounds: number;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  /** Sequential page-1 requests per follow group and server, for the latency spread. */
  latencyRequests: number;
  /** Keep the generated database for the next run (--keep-feed-db). */
  keep: boolean;
}

export interface ExplainRow {
  follows: number;
  userId: string;
  page: number;
  /** Rows the query returned (the page and one more, to know there is a next). */
  rows: number;
  hit: number;
  read: number;
  ms: number;
  note?: string;
}

export interface LatencyRow {
  follows: number;
  users: number;
  requests: number;
  median: number;
  p99: number;
}

export interface FeedMeasured {
  data: Pick<FeedData, 'name' | 'kept' | 'generated' | 'generatedMs' | 'stats'>;
  ours: Measured;
  bare: Measured;
  sameSql: boolean;
  sameJson: boolean;
  /** Pages compared byte for byte. */
  checkedPages: number;
  mixUsers: number;
  mixFollows: { min: number; mean: number; max: number };
  explain: ExplainRow[];
  /** Page 100's cursor, computed in SQL, against what walking 99 pages through our app gives. */
  walk: { userId: string; follows: number; matches: boolean; detail: string };
  latency: { ours: LatencyRow[]; bare: LatencyRow[] };
}

export type FeedResult = { skipped: string } | FeedMeasured;

/** The child's env, with the feed's own variables on top of what startChild declares. */
interface FeedChildEnv {
  BENCH_SERVER: 'ours' | 'bare';
  BENCH_DATABASE_URL: string;
  BENCH_SCENARIO: 'feed';
  BENCH_FEED_TOKEN: string;
}

const nextOf = (body: string) => (JSON.parse(body) as { response: { next: string | null } }).response.next;

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let at = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (at < items.length) await work(items[at++]!);
    }),
  );
}

/**
 * Before measuring: both servers recorded the SQL they sent for pages 1 and 2 of the same user;
 * then every page the load will ask for is fetched from both and compared byte for byte.
 * Returns the request sequence for the load: pages 1 and 2 of every user of the mix.
 */
async function compare(ours: ChildServer, bare: ChildServer, data: FeedData) {
  const same = sameSql('feed', ours, bare);
  if (!ours.sql?.some((text) => text.includes('cross join lateral'))) {
    throw new Error(`our app's recorded SQL has no dashboard query: ${JSON.stringify(ours.sql)}`);
  }
  let differing = 0;
  let checked = 0;
  const check = async (path: string, user: FeedUser) => {
    const [a, b] = await Promise.all([get(ours, path, user.token), get(bare, path, user.token)]);
    checked++;
    if (a !== b && differing++ === 0) console.error(`JSON differs for user ${user.id} at ${path}, ${firstDifference(a, b)}`);
    return a;
  };
  // Per user, in the mix's order whatever order the checks finish in.
  const byUser = new Map<FeedUser, CannonRequest[]>();
  await inParallel(data.mix, 4, async (user) => {
    const next = nextOf(await check(dashboardPath('0'), user));
    const headers = { cookie: `sid=${user.token}` };
    const pages = [{ method: 'GET', path: dashboardPath('0'), headers }];
    if (next) {
      await check(dashboardPath(next), user);
      pages.push({ method: 'GET', path: dashboardPath(next), headers });
    }
    byUser.set(user, pages);
  });
  await inParallel(data.groups.flatMap((g) => g.users), 4, async (user) => void (await check(dashboardPath('0'), user)));
  const requests = data.mix.flatMap((user) => byUser.get(user)!);
  return { sameSql: same, sameJson: differing === 0, checked, requests };
}

interface ExplainNode {
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  'Actual Rows': number;
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the dashboard query as our app sends it: the recorded text as a
 * named prepared statement, executed 5 times first so the plan is the one a warm connection of
 * the app uses (PostgreSQL picks custom or generic plans from the 6th execution on).
 */
async function explainFeed(url: string, dashboardSql: string, data: FeedData): Promise<{ rows: ExplainRow[]; cursors: Map<string, string> }> {
  // The values are laid out as the app's own builder places them (bare-feed.ts), so a query that
  // gains a parameter is explained as sent, not refused.
  if (dashboardSql !== DASHBOARD_SQL) throw new Error('the recorded dashboard query is not the one the bare route compiles (npm run bench:check says where)');
  const rows: ExplainRow[] = [];
  const cursors = new Map<string, string>();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const group of data.groups) {
      const user = group.users[0]!;
      // Page 100 starts after the 990th newest post of the user's sources: the cursor 99 pages of 10 reach.
      const newest = await client.query<{ id: string; publish_id: string }>(
        `with sources as (select blog_id from follows where user_id = $1 union select id from blogs where user_id = $1)
         select p.id, p.publish_id from sources s cross join lateral (
           select id, publish_id from posts where blog_id = s.blog_id and publish_id is not null and not is_private
           order by publish_id desc limit 990) p
         order by p.publish_id desc limit 990`,
        [user.id],
      );
      const last = newest.rows[newest.rows.length - 1];
      if (last) cursors.set(user.id, last.id);
      for (const page of [1, 100]) {
        const before = page === 1 ? NO_CURSOR : (last?.publish_id ?? NO_CURSOR);
        const values = dashboardValues(user.id, before);
        const name = `explain_${user.id}_${page}`;
        for (let i = 0; i < 5; i++) await client.query({ name, text: dashboardSql, values });
        // The values are digits (ids, a count), checked here before they go into the statement's text.
        if (!values.every((v) => /^\d+$/.test(String(v)))) throw new Error('explain: a parameter is not a number');
        const { rows: plan } = await client.query<{ 'QUERY PLAN': [{ Plan: ExplainNode; 'Execution Time': number }] }>(
          `explain (analyze, buffers, format json) execute ${name}(${values.join(', ')})`,
        );
        const top = plan[0]!['QUERY PLAN'][0];
        rows.push({
          follows: user.follows,
          userId: user.id,
          page,
          rows: top.Plan['Actual Rows'],
          hit: top.Plan['Shared Hit Blocks'],
          read: top.Plan['Shared Read Blocks'],
          ms: top['Execution Time'],
          ...(page === 100 && newest.rows.length < 990 ? { note: `sources hold only ${newest.rows.length} posts` } : {}),
        });
      }
    }
  } finally {
    await client.end();
  }
  return { rows, cursors };
}

/** Walks 99 pages through our app for one ~200-follow user: its cursor must be the one computed in SQL. */
async function walk(ours: ChildServer, data: FeedData, cursors: Map<string, string>): Promise<FeedMeasured['walk']> {
  const group = data.groups.find((g) => g.follows === 200)!;
  const user = group.users[0]!;
  let ref = '0';
  for (let page = 1; page <= 99; page++) {
    const next = nextOf(await get(ours, dashboardPath(ref), user.token));
    if (!next) return { userId: user.id, follows: user.follows, matches: false, detail: `no page after page ${page}` };
    ref = next;
  }
  const expected = cursors.get(user.id);
  return {
    userId: user.id,
    follows: user.follows,
    matches: ref === expected,
    detail: ref === expected ? `post ${ref}` : `app reached post ${ref}, SQL says ${expected}`,
  };
}

/**
 * Sequential page-1 requests per follow group, round-robin over the group's users, after one
 * warm-up each, the servers taking turns (pair.ts timedTurns).
 */
async function latency(ours: ChildServer, bare: ChildServer, data: FeedData, requests: number): Promise<FeedMeasured['latency']> {
  const result: FeedMeasured['latency'] = { ours: [], bare: [] };
  for (const group of data.groups) {
    for (const user of group.users) await Promise.all([get(ours, dashboardPath('0'), user.token), get(bare, dashboardPath('0'), user.token)]);
    const [o, b] = await timedTurns([ours, bare], requests, (server, i) => get(server, dashboardPath('0'), group.users[i % group.users.length]!.token));
    const row = (times: number[]): LatencyRow => ({ follows: group.follows, users: group.users.length, requests: times.length, ...spread(times) });
    result.ours.push(row(o!));
    result.bare.push(row(b!));
  }
  return result;
}

/**
 * The dashboard on a generated database of 10 000 users, 1 000 000 posts and ~2 000 000 follows:
 * our app against a bare route sending the same SQL, the feed query's buffers at pages 1 and 100,
 * and the latency spread across users who follow 5, 200 and 2 000 blogs.
 */
export async function benchFeed(settings: FeedSettings): Promise<FeedResult> {
  const prepared = await prepareFeedData(settings.keep);
  if (!prepared.ok) return { skipped: prepared.reason };
  const data = prepared.data;
  try {
    const env = (server: 'ours' | 'bare'): FeedChildEnv => ({
      BENCH_SERVER: server,
      BENCH_DATABASE_URL: data.url,
      BENCH_SCENARIO: 'feed',
      BENCH_FEED_TOKEN: data.mix[0]!.token,
    });
    return await withPair('feed', env, async (ours, bare) => {
      const checked = await compare(ours, bare, data);
      const [oursMeasured, bareMeasured] = await rounds(
        [
          { server: ours, label: 'ours, PostgreSQL' },
          { server: bare, label: 'bare Fastify + pg prepared' },
        ],
        checked.requests,
        settings,
      );
      const dashboardSql = ours.sql!.find((text) => text.includes('cross join lateral'))!;
      const { rows: explain, cursors } = await explainFeed(data.url, dashboardSql, data);
      const walked = await walk(ours, data, cursors);
      const latencies = await latency(ours, bare, data, settings.latencyRequests);
      const mixFollows = data.mix.map((u) => u.follows);
      return {
        data: { name: data.name, kept: data.kept, generated: data.generated, generatedMs: data.generatedMs, stats: data.stats },
        ours: oursMeasured!,
        bare: bareMeasured!,
        sameSql: checked.sameSql,
        sameJson: checked.sameJson,
        checkedPages: checked.checked,
        mixUsers: data.mix.length,
        mixFollows: {
          min: Math.min(...mixFollows),
          mean: mixFollows.reduce((a, b) => a + b, 0) / mixFollows.length,
          max: Math.max(...mixFollows),
        },
        explain,
        walk: walked,
        latency: latencies,
      };
    });
  } finally {
    await data.drop();
  }
}
