import autocannon from 'autocannon';
import { bareUserInfoSql } from './bare-user-info';
import { startChild, type ChildServer } from './child';
import { createScratchDatabase } from './postgres';

export interface UserInfoSettings {
  rounds: number;
  seconds: number;
  warmupSeconds: number;
  connections: number;
}

export interface Measured {
  label: string;
  /** Requests per second of each round, in the order they ran. */
  rounds: number[];
  /** Mean of the rounds. */
  rps: number;
  /** Worst p99 latency of the rounds, ms. */
  p99: number;
  /** Errors, timeouts and non-2xx answers over all rounds; anything but 0 spoils the figure. */
  failures: number;
}

export interface UserInfoResult {
  pglite: Measured;
  postgres:
    | { ours: Measured; bare: Measured; sameSql: boolean; sameJson: boolean; database: string }
    | { skipped: string };
}

interface Target {
  server: ChildServer;
  measured: Measured;
}

const PATH = '/svc/user/info';

async function fetchUserInfo(server: ChildServer): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${server.port}${PATH}`, { headers: { cookie: `sid=${server.token}` } });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${server.name}: GET ${PATH} answered ${res.status}: ${body}`);
  return body;
}

async function hit(target: Target, seconds: number, connections: number) {
  const result = await autocannon({
    url: `http://127.0.0.1:${target.server.port}${PATH}`,
    connections,
    duration: seconds,
    headers: { cookie: `sid=${target.server.token}` },
  });
  return {
    rps: result.requests.total / result.duration,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/** Starts servers side by side; if one fails, the others are stopped before the error goes on. */
async function startAll<const T extends readonly (Promise<ChildServer> | null)[]>(starts: T) {
  const settled = await Promise.allSettled(starts);
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.all(settled.map((s) => (s.status === 'fulfilled' ? s.value?.stop() : undefined)));
    throw failed.reason;
  }
  return settled.map((s) => (s as PromiseFulfilledResult<ChildServer | null>).value) as {
    [K in keyof T]: Awaited<T[K]>;
  };
}

const newMeasured = (label: string): Measured => ({ label, rounds: [], rps: 0, p99: 0, failures: 0 });

/**
 * GET /svc/user/info, logged in, on every server at once: each is warmed up, then they take turns
 * (A, B, C, A, B, C, ...) so drift in the machine's state falls on all of them alike.
 */
export async function benchUserInfo(settings: UserInfoSettings): Promise<UserInfoResult> {
  const scratch = await createScratchDatabase();
  try {
    const pgUrl = scratch.ok ? scratch.database.url : undefined;
    const [pglite, oursPg, barePg] = await startAll([
      startChild('ours on PGlite', { BENCH_SERVER: 'ours' }),
      pgUrl ? startChild('ours on PostgreSQL', { BENCH_SERVER: 'ours', BENCH_DATABASE_URL: pgUrl }) : null,
      pgUrl ? startChild('bare on PostgreSQL', { BENCH_SERVER: 'bare', BENCH_DATABASE_URL: pgUrl }) : null,
    ]);
    try {
      const lite: Target = { server: pglite, measured: newMeasured('ours, PGlite in memory') };
      await fetchUserInfo(pglite);
      if (!scratch.ok || !oursPg || !barePg) {
        await runRounds([lite], settings);
        return { pglite: lite.measured, postgres: { skipped: scratch.ok ? 'not started' : scratch.reason } };
      }
      // The bare route serves the viewer our app registered: same rows, same cookie.
      barePg.token = oursPg.token;
      const { sameJson, sameSql } = await compare(oursPg, barePg);
      const ours: Target = { server: oursPg, measured: newMeasured('ours, PostgreSQL') };
      const bare: Target = { server: barePg, measured: newMeasured('bare Fastify + pg prepared') };
      await runRounds([ours, bare, lite], settings);
      return {
        pglite: lite.measured,
        postgres: { ours: ours.measured, bare: bare.measured, sameSql, sameJson, database: scratch.database.name },
      };
    } finally {
      await Promise.all([pglite, oursPg, barePg].map((server) => server?.stop()));
    }
  } finally {
    if (scratch.ok) await scratch.database.drop();
  }
}

/** The bare route is only a fair floor if it sends the same SQL and answers the same bytes. */
async function compare(ours: ChildServer, bare: ChildServer) {
  const [oursBody, bareBody] = await Promise.all([fetchUserInfo(ours), fetchUserInfo(bare)]);
  const sameJson = oursBody === bareBody;
  if (!sameJson) console.error(`JSON differs:\n  ours: ${oursBody}\n  bare: ${bareBody}`);
  // The statements after the session read run in parallel: compared in any order.
  const inParallel = ([session, ...rest]: string[]) => JSON.stringify([session, ...rest.sort()]);
  const expected = inParallel(await bareUserInfoSql());
  const sameSql = inParallel(ours.sql ?? []) === expected;
  if (!sameSql) console.error(`SQL differs:\n  ours: ${JSON.stringify(ours.sql)}\n  bare: ${expected}`);
  return { sameJson, sameSql };
}

async function runRounds(targets: Target[], settings: UserInfoSettings) {
  for (const target of targets) await hit(target, settings.warmupSeconds, settings.connections);
  for (let round = 0; round < settings.rounds; round++) {
    for (const target of targets) {
      const { rps, p99, failures } = await hit(target, settings.seconds, settings.connections);
      target.measured.rounds.push(rps);
      target.measured.p99 = Math.max(target.measured.p99, p99);
      target.measured.failures += failures;
    }
  }
  for (const { measured } of targets) {
    measured.rps = measured.rounds.reduce((a, b) => a + b, 0) / measured.rounds.length;
  }
}
