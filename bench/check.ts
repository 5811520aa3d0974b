// `npm run bench:check` (part of `npm test`): the bench's two core ratios compare our routes with
// bare ones that must send the same SQL and answer the same JSON, or the ratio means nothing.
// This checks exactly that on tiny data (a few accounts and posts, seconds): GET /svc/user/info and
// dashboard pages 1 and 2, ours and bare, on one PostgreSQL database. A bare route that drifted
// from ours fails the check (and the test run) with the difference, instead of a bench printing a
// ratio of two different things. Needs PostgreSQL (DATABASE_URL, as the API tests on PostgreSQL).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { readConfig } from '../src/server/config';
import { migrateToLatest, openDatabase } from '../src/server/db/database';
import { startBareFeedServer } from './bare-feed';
import { startBareServer } from './bare-user-info';
import { runCleanups } from './cleanup';
import { BENCH_PUBLIC_URL, type StartedServer } from './our-server';
import { createScratchDatabase } from './postgres';
import { dashboardPath, readTwoPages, recordSql } from './record-sql';

interface Account {
  token: string;
  formKey: string;
  blog: string;
}

async function register(app: FastifyInstance, name: string): Promise<Account> {
  const res = await app.inject({ method: 'POST', url: '/svc/account/register', payload: { email: `${name}@example.com`, password: 'bench-password-1', blog_name: name } });
  if (res.statusCode !== 200) throw new Error(`register ${name}: ${res.statusCode} ${res.body}`);
  const token = res.cookies.find((c) => c.name === 'sid')!.value;
  return { token, formKey: (res.json() as { response: { form_key: string } }).response.form_key, blog: name };
}

async function call(app: FastifyInstance, who: Account, url: string, payload: object) {
  const res = await app.inject({ method: 'POST', url, payload, headers: { cookie: `sid=${who.token}`, 'x-form-key': who.formKey } });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
}

/** A viewer who follows two blogs with 12 posts between them (two dashboard pages), one liked, one reblogged. */
async function seed(app: FastifyInstance): Promise<Account> {
  const viewer = await register(app, 'check-viewer');
  const others = [await register(app, 'check-other-1'), await register(app, 'check-other-2')];
  for (const other of others) {
    await call(app, viewer, '/svc/follow', { tumblelog: other.blog });
    for (let i = 0; i < 6; i++) {
      await call(app, other, '/svc/post/update', { channel_id: other.blog, 'post[type]': 'text', 'post[one]': `${other.blog} ${i}`, 'post[two]': `<p>post ${i}</p>` });
    }
  }
  return viewer;
}

type Get = (url: string) => Promise<{ statusCode: number; body: string }>;
const injector = (app: FastifyInstance, token: string): Get => async (url) => {
  const res = await app.inject({ method: 'GET', url, headers: { cookie: `sid=${token}` } });
  return { statusCode: res.statusCode, body: res.body };
};
const fetcher = (server: StartedServer, token: string): Get => async (url) => {
  const res = await fetch(`http://127.0.0.1:${server.port}${url}`, { headers: { cookie: `sid=${token}` } });
  return { statusCode: res.status, body: await res.text() };
};

/** Dashboard pages 1 and 2, as the bench's load asks for them. */
async function twoPages(get: Get): Promise<string[]> {
  const first = await get(dashboardPath('0'));
  const next = (JSON.parse(first.body) as { response?: { next?: string | null } }).response?.next;
  if (!next) throw new Error(`dashboard page 1 has no next page: ${first.statusCode} ${first.body.slice(0, 300)}`);
  return [first.body, (await get(dashboardPath(next))).body];
}

/** The session read, then the statements user info starts in parallel: their order is a race, so sorted. */
const inParallel = ([session, ...rest]: string[]) => [session, ...rest.sort()];

function differs(label: string, ours: unknown, bare: unknown): string | null {
  const a = JSON.stringify(ours, null, 1);
  const b = JSON.stringify(bare, null, 1);
  if (a === b) return null;
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  return `${label} differs at character ${at}:\n  ours: …${a.slice(Math.max(0, at - 120), at + 200)}\n  bare: …${b.slice(Math.max(0, at - 120), at + 200)}`;
}

async function main(): Promise<number> {
  const scratch = await createScratchDatabase();
  if (!scratch.ok) {
    if (process.env.DATABASE_URL) throw new Error(scratch.reason);
    console.log(`bench check skipped: ${scratch.reason} (set DATABASE_URL to a PostgreSQL server).`);
    return 0;
  }
  const started = performance.now();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tumbleweed-bench-check-'));
  const database = await openDatabase({ databaseUrl: scratch.database.url });
  const config = readConfig({ DATA_DIR: dataDir, PUBLIC_URL: BENCH_PUBLIC_URL, SEED_DEMO: 'false', DATABASE_URL: scratch.database.url });
  const app = await buildApp({ config, database, clientDir: null, logger: false, publisher: false, jobs: false, emails: false });
  const servers: StartedServer[] = [];
  try {
    await migrateToLatest(database.db);
    const viewer = await seed(app);
    const ours = injector(app, viewer.token);
    const oursInfoSql = await recordSql(async () => void (await ours('/svc/user/info')));
    const oursFeedSql = await recordSql(() => readTwoPages(ours));

    const bareInfo = await startBareServer(scratch.database.url, BENCH_PUBLIC_URL, viewer.token);
    servers.push(bareInfo);
    const bareFeed = await startBareFeedServer(scratch.database.url, BENCH_PUBLIC_URL, viewer.token);
    servers.push(bareFeed);
    const oursInfo = (await ours('/svc/user/info')).body;
    const bareInfoBody = (await fetcher(bareInfo, viewer.token)('/svc/user/info')).body;
    const [oursPage1, oursPage2] = await twoPages(ours);
    const [barePage1, barePage2] = await twoPages(fetcher(bareFeed, viewer.token));
    const problems = [
      differs('user info SQL', inParallel(oursInfoSql), inParallel(bareInfo.sql ?? [])),
      differs('user info JSON', oursInfo, bareInfoBody),
      differs('dashboard SQL (pages 1 and 2)', oursFeedSql, bareFeed.sql),
      differs('dashboard JSON, page 1', oursPage1, barePage1),
      differs('dashboard JSON, page 2', oursPage2, barePage2),
    ].filter((p): p is string => p !== null);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (problems.length > 0) {
      console.error(`bench check FAILED: a bare route no longer does what ours does, so the bench's ratio would compare different work. Bring bench/bare-*.ts back in step.\n\n${problems.join('\n\n')}`);
      return 1;
    }
    console.log(`bench check: the bare user info and dashboard routes send the same SQL (${oursInfoSql.length} and ${oursFeedSql.length} statements) and the same JSON as ours (${seconds} s).`);
    return 0;
  } finally {
    for (const server of servers) await server.close();
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    await scratch.database.drop();
    await runCleanups();
  }
}

process.exitCode = await main();
