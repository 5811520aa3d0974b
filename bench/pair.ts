// What the scenarios that measure our app against a bare route on generated data share (feed.ts,
// blog-viewer.ts): both servers started as children, the check that they sent the same SQL, an
// autocannon run over a request sequence, rounds taking turns, and sequential timed requests.
import autocannon from 'autocannon';
import { startChild, type ChildServer } from './child';
import type { Measured } from './user-info';

// autocannon options autocannon.d.ts leaves out: a sequence of requests, and each connection's
// own start in it. Passed as a typed variable, so the declared options still check the rest.
export interface CannonRequest {
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

export interface LoadSettings {
  rounds: number;
  seconds: number;
  warmupSeconds: number;
  connections: number;
}

type ChildEnv = Parameters<typeof startChild>[1];

/**
 * Ours and the bare route, each a child process (bench/serve.ts), for `run`; both stopped after,
 * whatever happens. A server that fails to start fails the run (the other is stopped too).
 */
export async function withPair<T>(label: string, env: (server: 'ours' | 'bare') => ChildEnv, run: (ours: ChildServer, bare: ChildServer) => Promise<T>): Promise<T> {
  const started = await Promise.allSettled([startChild(`ours, ${label}`, env('ours')), startChild(`bare, ${label}`, env('bare'))]);
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  try {
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    const [ours, bare] = servers as [ChildServer, ChildServer];
    return await run(ours, bare);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

/** Whether both servers recorded the same SQL texts, in the same order; the difference printed when not. */
export function sameSql(label: string, ours: ChildServer, bare: ChildServer): boolean {
  const same = JSON.stringify(ours.sql) === JSON.stringify(bare.sql);
  if (!same) console.error(`${label} SQL differs:\n  ours: ${JSON.stringify(ours.sql)}\n  bare: ${JSON.stringify(bare.sql)}`);
  return same;
}

export async function get(server: ChildServer, path: string, token: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${server.port}${path}`, { headers: { cookie: `sid=${token}` } });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${server.name}: GET ${path} answered ${res.status}: ${body.slice(0, 300)}`);
  return body;
}

/** Where two answers first differ, for the error output. */
export const firstDifference = (a: string, b: string) => {
  const at = [...a].findIndex((c, i) => c !== b[i]);
  return `from byte ${at}:\n  ours: ${a.slice(at - 80, at + 200)}\n  bare: ${b.slice(at - 80, at + 200)}`;
};

/** One autocannon run over the request sequence; each connection starts at its own place in it. */
export async function hit(server: ChildServer, requests: CannonRequest[], seconds: number, connections: number) {
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
  return { rps: result.requests.total / result.duration, p99: result.latency.p99, failures: result.errors + result.timeouts + result.non2xx };
}

/**
 * A warm-up of each, then rounds taking turns (ours, bare, ours, bare, ...), so a stall of the
 * machine falls on both alike: each server's rounds, mean, worst p99 and failures.
 */
export async function rounds(servers: { server: ChildServer; label: string }[], requests: CannonRequest[], s: LoadSettings): Promise<Measured[]> {
  const measured = servers.map(({ label }): Measured => ({ label, rounds: [], rps: 0, p99: 0, failures: 0 }));
  for (const { server } of servers) await hit(server, requests, s.warmupSeconds, s.connections);
  for (let round = 0; round < s.rounds; round++) {
    for (const [i, { server }] of servers.entries()) {
      const { rps, p99, failures } = await hit(server, requests, s.seconds, s.connections);
      const m = measured[i]!;
      m.rounds.push(rps);
      m.p99 = Math.max(m.p99, p99);
      m.failures += failures;
    }
  }
  for (const m of measured) m.rps = m.rounds.reduce((a, b) => a + b, 0) / m.rounds.length;
  return measured;
}

/** Median (the mean of the middle two for an even count) and p99 (nearest rank) of times in ms. */
export function spread(times: number[]): { median: number; p99: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const median = (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2;
  // Nearest rank: the smallest time at or above 99% of the requests.
  return { median, p99: sorted[Math.ceil(0.99 * sorted.length) - 1]! };
}

/**
 * `count` sequential requests to each server, request by request taking turns (which goes first
 * alternates), so a stall of the machine falls on both alike and the bare route's spread tells
 * how much of ours is the machine's. `send(server, i)` makes request i. The times of each server, ms.
 */
export async function timedTurns(servers: ChildServer[], count: number, send: (server: ChildServer, i: number) => Promise<unknown>): Promise<number[][]> {
  const times = servers.map(() => [] as number[]);
  const order = servers.map((_, j) => j);
  for (let i = 0; i < count; i++) {
    for (const j of i % 2 === 0 ? order : [...order].reverse()) {
      const started = performance.now();
      await send(servers[j]!, i);
      times[j]!.push(performance.now() - started);
    }
  }
  return times;
}
