// The social scenario on PostgreSQL: likes per second through our app with many users liking
// many posts at once, and the activity popover's queries on 1 000 000 notifications, each
// explained (EXPLAIN ANALYZE BUFFERS) with the exact text and values our app sends.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { readConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { hashToken, newToken } from '../src/server/http/tokens';
import { startChild } from './child';
import { BENCH_PUBLIC_URL } from './our-server';
import { BUSIEST_BLOG_ID, prepareSocialData, SOCIAL_SHAPE, type SocialData } from './social-data';

export interface SocialSettings {
  rounds: number;
  seconds: number;
  connections: number;
}

export interface ExplainedQuery {
  label: string;
  sql: string;
  ms: number;
  hit: number;
  read: number;
  rows: number;
  usesIndex: string | null;
}

export interface SocialMeasured {
  generatedMs: number;
  stats: SocialData['stats'];
  likes: { rounds: number[]; perSecond: number; failures: number; stored: number; answered: number; statementsPerLike: number };
  activity: ExplainedQuery[];
}

export type SocialResult = { skipped: string } | SocialMeasured;

interface CannonRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * One round: each connection is another liker, walking its own slice of the posts, so every
 * request is a new like (a repeated like would measure the idempotent no-op instead).
 */
async function likeRound(port: number, data: SocialData, round: number, settings: SocialSettings) {
  const perConnection = Math.floor(data.posts.length / settings.connections);
  let connection = 0;
  let answered = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: settings.connections,
    duration: settings.seconds,
    setupClient: (client: { setRequests(requests: CannonRequest[]): void }) => {
      const index = connection++;
      const liker = data.likers[round * settings.connections + index]!;
      const slice = data.posts.slice(index * perConnection, (index + 1) * perConnection);
      client.setRequests(
        slice.map((post) => ({
          method: 'POST',
          path: '/svc/like',
          headers: { cookie: `sid=${liker.token}`, 'x-form-key': liker.formKey, 'content-type': 'application/json' },
          body: JSON.stringify({ id: post.id, key: post.key, source: 'dashboard' }),
        })),
      );
    },
  } as Parameters<typeof autocannon>[0]);
  answered += result['2xx'];
  return { perSecond: result['2xx'] / result.duration, failures: result.errors + result.timeouts + result.non2xx, answered };
}

/** The SQL texts and values node-postgres is given while `run` runs. */
async function recordQueries(run: () => Promise<void>): Promise<{ text: string; values: unknown[] }[]> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const seen: { text: string; values: unknown[] }[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const query = args[0] as string | { text: string; values?: unknown[] };
    if (typeof query === 'string') seen.push({ text: query, values: (args[1] as unknown[]) ?? [] });
    else seen.push({ text: query.text, values: query.values ?? [] });
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    proto.query = original;
  }
  return seen;
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  'Actual Rows': number;
  Plans?: PlanNode[];
}

const indexesOf = (node: PlanNode): string[] => [
  ...(node['Index Name'] ? [node['Index Name']] : []),
  ...(node.Plans ?? []).flatMap(indexesOf),
];

/** Our app's queries for one activity page of `blogName` (owner's session), as sent. */
async function activityQueries(url: string, blogName: string, userId: string, before: string | null) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tumbleweed-bench-social-'));
  const config = readConfig({ DATA_DIR: dataDir, PUBLIC_URL: BENCH_PUBLIC_URL, SEED_DEMO: 'false', DATABASE_URL: url });
  const database = await openDatabase({ databaseUrl: url });
  const app = await buildApp({ config, database, clientDir: null, logger: false, publisher: false, jobs: false, emails: false });
  try {
    const token = newToken();
    await database.db
      .insertInto('sessions')
      .values({ id: hashToken(token), user_id: userId, form_key: newToken(16), expires_at: new Date(Date.now() + 86_400_000) })
      .execute();
    const pathWithCursor = `/svc/activity/${blogName}${before ? `?before=${before}` : ''}`;
    // Once to warm the app (compiled queries, pool), then recorded.
    await app.inject({ method: 'GET', url: pathWithCursor, cookies: { sid: token } });
    let status = 0;
    let body = '';
    const queries = await recordQueries(async () => {
      const res = await app.inject({ method: 'GET', url: pathWithCursor, cookies: { sid: token } });
      status = res.statusCode;
      body = res.body;
    });
    if (status !== 200) throw new Error(`GET ${pathWithCursor}: ${status} ${body.slice(0, 300)}`);
    const next = (JSON.parse(body) as { response: { next?: string | null } }).response.next ?? null;
    return { queries: queries.filter((q) => /notifications/.test(q.text)), next };
  } finally {
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of a recorded query, prepared and run 5 times first as a warm connection would. */
async function explain(client: pg.Client, label: string, query: { text: string; values: unknown[] }, n: number): Promise<ExplainedQuery> {
  const name = `social_explain_${n}`;
  for (let i = 0; i < 5; i++) await client.query({ name, text: query.text, values: query.values });
  const literals = query.values.map((v) => (v === null ? 'null' : `'${String(v).replace(/'/g, "''")}'`));
  const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
    `explain (analyze, buffers, format json) execute ${name}${literals.length ? `(${literals.join(', ')})` : ''}`,
  );
  const top = rows[0]!['QUERY PLAN'][0];
  const indexes = indexesOf(top.Plan);
  return {
    label,
    sql: query.text.replace(/\s+/g, ' ').slice(0, 160),
    ms: top['Execution Time'],
    hit: top.Plan['Shared Hit Blocks'],
    read: top.Plan['Shared Read Blocks'],
    rows: top.Plan['Actual Rows'],
    usesIndex: indexes.length ? [...new Set(indexes)].join(', ') : null,
  };
}

export async function benchSocial(settings: SocialSettings): Promise<SocialResult> {
  const prepared = await prepareSocialData();
  if (!prepared.ok) return { skipped: prepared.reason };
  const data = prepared.data;
  try {
    if (data.likers.length < (settings.rounds + 1) * settings.connections) throw new Error('not enough likers for the rounds');
    // The activity queries first, on the 1M notifications as generated: the like rounds then add
    // ~20 000 newer ones, all to other blogs than the busiest, which the planner cannot know.
    const activity = await explainActivity(data);
    const server = await startChild('ours, social', { BENCH_SERVER: 'ours', BENCH_DATABASE_URL: data.url, BENCH_SCENARIO: 'plain' });
    const rounds: number[] = [];
    let failures = 0;
    let answered = 0;
    try {
      // Round 0 warms up (its likers are not counted).
      for (let round = 0; round <= settings.rounds; round++) {
        const r = await likeRound(server.port, data, round, settings);
        answered += r.answered;
        if (round === 0) continue;
        rounds.push(r.perSecond);
        failures += r.failures;
      }
    } finally {
      await server.stop();
    }
    const client = new pg.Client({ connectionString: data.url });
    await client.connect();
    try {
      const stored = Number((await client.query<{ n: string }>('select count(*) as n from likes')).rows[0]!.n);
      // What one like costs in statements: recorded in-process on a post nobody liked yet.
      const statementsPerLike = await countLikeStatements(data);
      return {
        generatedMs: data.generatedMs,
        stats: data.stats,
        likes: { rounds, perSecond: rounds.reduce((a, b) => a + b, 0) / rounds.length, failures, stored, answered, statementsPerLike },
        activity,
      };
    } finally {
      await client.end();
    }
  } finally {
    await data.drop();
  }
}

/** The activity page's queries for the busiest blog (page 1 and half-way down) and a typical one. */
async function explainActivity(data: SocialData): Promise<ExplainedQuery[]> {
  const client = new pg.Client({ connectionString: data.url });
  await client.connect();
  try {
    const activity: ExplainedQuery[] = [];
    const busiest = await activityQueries(data.url, `social-${BUSIEST_BLOG_ID}`, BUSIEST_BLOG_ID, null);
    // A page deep in the busiest blog's activity: the cursor half-way through its notifications.
    const middle = (
      await client.query<{ id: string }>(
        `select id from notifications where blog_id = $1 order by id desc offset $2 limit 1`,
        [BUSIEST_BLOG_ID, Math.floor(data.stats.busiest / 2)],
      )
    ).rows[0]!.id;
    const deep = await activityQueries(data.url, `social-${BUSIEST_BLOG_ID}`, BUSIEST_BLOG_ID, middle);
    const typical = String(Math.floor(SOCIAL_SHAPE.users / 2));
    const median = await activityQueries(data.url, `social-${typical}`, typical, null);
    let n = 0;
    for (const [label, run] of [
      [`busiest blog (${data.stats.busiest.toLocaleString('en')}), page 1`, busiest],
      ['busiest blog, page half-way down', deep],
      [`a typical blog (${typical}), page 1`, median],
    ] as const) {
      for (const query of run.queries) activity.push(await explain(client, label, query, n++));
    }
    return activity;
  } finally {
    await client.end();
  }
}

/** Statements our app sends for one new like (the session's lookup included). */
async function countLikeStatements(data: SocialData): Promise<number> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tumbleweed-bench-social-'));
  const config = readConfig({ DATA_DIR: dataDir, PUBLIC_URL: BENCH_PUBLIC_URL, SEED_DEMO: 'false', DATABASE_URL: data.url });
  const database = await openDatabase({ databaseUrl: data.url });
  const app = await buildApp({ config, database, clientDir: null, logger: false, publisher: false, jobs: false, emails: false });
  try {
    const liker = data.likers[data.likers.length - 1]!;
    const post = data.posts[data.posts.length - 1]!;
    let status = 0;
    const queries = await recordQueries(async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/svc/like',
        cookies: { sid: liker.token },
        headers: { 'x-form-key': liker.formKey },
        payload: { id: post.id, key: post.key },
      });
      status = res.statusCode;
    });
    if (status !== 200) throw new Error(`POST /svc/like answered ${status}`);
    return queries.length;
  } finally {
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

export function printSocial(settings: SocialSettings, result: { ok: true; value: SocialResult } | { ok: false; reason: string }) {
  console.log(
    `\nSocial (PostgreSQL; ${SOCIAL_SHAPE.users.toLocaleString('en')} users, ${SOCIAL_SHAPE.notifications.toLocaleString('en')} notifications)`,
  );
  if (!result.ok) return console.log(`  failed: ${result.reason}`);
  const r = result.value;
  if ('skipped' in r) return console.log(`  skipped: ${r.skipped}`);
  console.log(`  generated in ${(r.generatedMs / 1000).toFixed(1)} s; busiest blog ${r.stats.busiest.toLocaleString('en')}, median ${r.stats.medianPerBlog} per blog`);
  console.log(
    `  likes/s (${settings.connections} users at once, ${settings.rounds} × ${settings.seconds} s): ${r.likes.rounds.map((x) => x.toFixed(0)).join(', ')}; ` +
      `mean ${r.likes.perSecond.toFixed(0)}, failures ${r.likes.failures}, ${r.likes.statementsPerLike} SQL statements per like; ` +
      `${r.likes.stored.toLocaleString('en')} likes stored for ${r.likes.answered.toLocaleString('en')} answered`,
  );
  console.log('  activity queries as the app sends them, on the notifications as generated (EXPLAIN ANALYZE BUFFERS, warm):');
  for (const q of r.activity) {
    console.log(`    ${q.label}: ${q.ms.toFixed(2)} ms, ${q.rows} rows, buffers ${q.hit}/${q.read} hit/read, index ${q.usesIndex ?? 'NONE'}`);
    console.log(`      ${q.sql}`);
  }
}

export function socialSummaryRows(result: { ok: true; value: SocialResult } | { ok: false; reason: string }): string[][] {
  if (!result.ok) return [['social', 'failed', '', '']];
  const r = result.value;
  if ('skipped' in r) return [['social', 'skipped', '', '']];
  const worst = Math.max(...r.activity.map((q) => q.ms));
  const unindexed = r.activity.filter((q) => q.usesIndex === null).length;
  return [
    ['likes/s through our app, PostgreSQL', r.likes.perSecond.toFixed(0), '', ''],
    [`activity queries, slowest of ${r.activity.length} (1M notifications)`, `${worst.toFixed(2)} ms`, '< 5 ms', worst < 5 ? 'met' : 'MISSED'],
    ['activity queries without an index', String(unindexed), '0', unindexed === 0 ? 'met' : 'MISSED'],
  ];
}
