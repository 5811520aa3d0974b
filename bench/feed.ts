import autocannon from 'autocannon';
import pg from 'pg';
import { NO_CURSOR, PAGE_SIZE } from '../src/server/posts/queries';
import { startChild, type ChildServer } from './child';
import { prepareFeedData, type FeedData, type FeedUser } from './feed-data';
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

// autocannon options autocannon.d.ts leaves out: a sequence of requests, and each connection's
// own start in it. Passed as a typed variable, so the declared options still check the rest.
interface CannonRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
}
interface CannonOptions {
  url: string;
  connections: number;
  duration: number;
  /** Each connection loops over these, in order. */
  requests: CannonRequest[];
  /** Called for each connection's client before it sends anything. */
  setupClient: (client: { setRequests(requests: CannonRequest[]): void }) => void;
}

const newMeasured = (label: string): Measured => ({ label, rounds: [], rps: 0, p99: 0, failures: 0 });

async function get(server: ChildServer, path: string, token: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${server.port}${path}`, { headers: { cookie: `sid=${token}` } });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${server.name}: GET ${path} answered ${res.status}: ${body.slice(0, 300)}`);
  return body;
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
  const sameSql = JSON.stringify(ours.sql) === JSON.stringify(bare.sql);
  if (!sameSql) console.error(`SQL differs:\n  ours: ${JSON.stringify(ours.sql)}\n  bare: ${JSON.stringify(bare.sql)}`);
  if (!ours.sql?.some((text) => text.includes('cross join lateral'))) {
    throw new Error(`our app's recorded SQL has no dashboard query: ${JSON.stringify(ours.sql)}`);
  }
  let differing = 0;
  let checked = 0;
  const check = async (path: string, user: FeedUser) => {
    const [a, b] = await Promise.all([get(ours, path, user.token), get(bare, path, user.token)]);
    checked++;
    if (a !== b && differing++ === 0) {
      const at = [...a].findIndex((c, i) => c !== b[i]);
      console.error(`JSON differs for user ${user.id} at ${path}, from byte ${at}:\n  ours: ${a.slice(at - 80, at + 200)}\n  bare: ${b.slice(at - 80, at + 200)}`);
    }
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
  return { sameSql, sameJson: differing === 0, checked, requests };
}

/** One autocannon run over the request sequence; each connection starts at its own place in it. */
async function hit(server: ChildServer, requests: CannonRequest[], seconds: number, connections: number) {
  let connection = 0;
  const options: CannonOptions = {
    url: `http://127.0.0.1:${server.port}`,
    connections,
    duration: seconds,
    requests,
    setupClient: (client) => {
      const start = Math.floor((connection++ * requests.length) / connections);
      // Copies: autocannon keeps each request's built bytes on the object.
      client.setRequests([...requests.slice(start), ...requests.slice(0, start)].map((r) => ({ ...r })));
    },
  };
  const result = await autocannon(options);
  return {
    rps: result.requests.total / result.duration,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/** Warm-up each, then rounds taking turns (ours, bare, ours, bare, ...), as user-info.ts does. */
async function throughput(targets: { server: ChildServer; measured: Measured }[], requests: CannonRequest[], settings: FeedSettings) {
  for (const { server } of targets) await hit(server, requests, settings.warmupSeconds, settings.connections);
  for (let round = 0; round < settings.rounds; round++) {
    for (const { server, measured } of targets) {
      const { rps, p99, failures } = await hit(server, requests, settings.seconds, settings.connections);
      measured.rounds.push(rps);
      measured.p99 = Math.max(measured.p99, p99);
      measured.failures += failures;
    }
  }
  for (const { measured } of targets) measured.rps = measured.rounds.reduce((a, b) => a + b, 0) / measured.rounds.length;
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
  const params = dashboardSql.match(/\$\d+/g)?.length ?? 0;
  if (params !== 5) throw new Error(`the dashboard query has ${params} parameters, the bench expects 5 (user, user, before, limit, limit)`);
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
        const values = [user.id, user.id, before, PAGE_SIZE + 1, PAGE_SIZE + 1];
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
 * warm-up each. Request by request the servers take turns (which goes first alternates), so a
 * stall of the machine (other work on it) falls on both alike, and the bare route's spread tells
 * how much of ours is the machine's.
 */
async function latency(ours: ChildServer, bare: ChildServer, data: FeedData, requests: number): Promise<FeedMeasured['latency']> {
  const result: FeedMeasured['latency'] = { ours: [], bare: [] };
  const row = (follows: number, users: number, times: number[]): LatencyRow => {
    times.sort((a, b) => a - b);
    const median = (times[Math.floor((times.length - 1) / 2)]! + times[Math.ceil((times.length - 1) / 2)]!) / 2;
    // Nearest rank: the smallest time at or above 99% of the requests.
    const p99 = times[Math.ceil(0.99 * times.length) - 1]!;
    return { follows, users, requests: times.length, median, p99 };
  };
  const timed = async (server: ChildServer, token: string) => {
    const started = performance.now();
    await get(server, dashboardPath('0'), token);
    return performance.now() - started;
  };
  for (const group of data.groups) {
    for (const user of group.users) await Promise.all([get(ours, dashboardPath('0'), user.token), get(bare, dashboardPath('0'), user.token)]);
    const times = { ours: [] as number[], bare: [] as number[] };
    for (let i = 0; i < requests; i++) {
      const { token } = group.users[i % group.users.length]!;
      const order = i % 2 === 0 ? (['ours', 'bare'] as const) : (['bare', 'ours'] as const);
      for (const which of order) times[which].push(await timed(which === 'ours' ? ours : bare, token));
    }
    result.ours.push(row(group.follows, group.users.length, times.ours));
    result.bare.push(row(group.follows, group.users.length, times.bare));
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
    const started = await Promise.allSettled([startChild('ours, feed', env('ours')), startChild('bare, feed', env('bare'))]);
    const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    try {
      const failed = started.find((s) => s.status === 'rejected');
      if (failed) throw failed.reason;
      const [ours, bare] = servers as [ChildServer, ChildServer];
      const checked = await compare(ours, bare, data);
      const targets = [
        { server: ours, measured: newMeasured('ours, PostgreSQL') },
        { server: bare, measured: newMeasured('bare Fastify + pg prepared') },
      ];
      await throughput(targets, checked.requests, settings);
      const dashboardSql = ours.sql!.find((text) => text.includes('cross join lateral'))!;
      const { rows: explain, cursors } = await explainFeed(data.url, dashboardSql, data);
      const walked = await walk(ours, data, cursors);
      const latencies = await latency(ours, bare, data, settings.latencyRequests);
      const mixFollows = data.mix.map((u) => u.follows);
      return {
        data: { name: data.name, kept: data.kept, generated: data.generated, generatedMs: data.generatedMs, stats: data.stats },
        ours: targets[0]!.measured,
        bare: targets[1]!.measured,
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
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  } finally {
    await data.drop();
  }
}
