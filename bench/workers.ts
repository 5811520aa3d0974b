// Several processes (issue 27): our compiled server (`node dist/server/main.js`, as `npm start` and
// the systemd unit run it) with WORKERS=1, 2 and auto (one per core) on one scratch PostgreSQL
// database, under the same load on GET /svc/user/info and the dashboard's first page. The servers
// take turns (1, 2, N, 1, 2, N, ...) so drift in the machine's state falls on all alike. The bare
// baselines of both routes are the user-info and feed sections': this section says what more
// processes buy, not how far from the floor one is.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { seedDashboard, startCompiledServer, type RunningServer } from './compiled-server';
import { createScratchDatabase } from './postgres';
import { dashboardPath } from './record-sql';

const ROOT = path.resolve(import.meta.dirname, '..');

export interface WorkersSettings {
  rounds: number;
  seconds: number;
  warmupSeconds: number;
  connections: number;
}

export interface WorkersMeasured {
  /** What WORKERS was set to, and the processes it made. */
  workers: string;
  processes: number;
  /** Per route: requests per second of each round, their mean, the worst p99 (ms) and failures. */
  routes: Record<string, { rounds: number[]; rps: number; p99: number; failures: number }>;
}

export interface WorkersResult {
  cores: number;
  measured: WorkersMeasured[];
}

export const WORKER_ROUTES = { 'user info': '/svc/user/info', dashboard: dashboardPath('0') } as const;

export async function hit(port: number, route: string, token: string, seconds: number, connections: number) {
  const result = await autocannon({ url: `http://127.0.0.1:${port}${route}`, connections, duration: seconds, headers: { cookie: `sid=${token}` } });
  return { rps: result.requests.total / result.duration, p99: result.latency.p99, failures: result.errors + result.timeouts + result.non2xx };
}

/** WORKERS=1, 2 and auto; auto is left out when it makes 2 (a 2-core machine), the same as 2. */
export async function benchWorkers(settings: WorkersSettings): Promise<WorkersResult> {
  execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: ROOT, stdio: 'inherit' });
  const cores = os.availableParallelism();
  const scratch = await createScratchDatabase();
  if (!scratch.ok) throw new Error(scratch.reason);
  try {
    const { token } = await seedDashboard(scratch.database.url);
    const settingsList = cores > 2 ? ['1', '2', 'auto'] : ['1', '2'];
    const servers: RunningServer[] = [];
    try {
      for (const workers of settingsList) servers.push(await startCompiledServer(`WORKERS=${workers}`, scratch.database.url, { WORKERS: workers }));
      const measured: WorkersMeasured[] = servers.map((server, i) => ({
        workers: settingsList[i]! === '2' && cores === 2 ? '2 (= auto here)' : settingsList[i]!,
        processes: server.processes,
        routes: {},
      }));
      for (const [name, route] of Object.entries(WORKER_ROUTES)) {
        for (const [i, server] of servers.entries()) {
          const check = await fetch(`http://127.0.0.1:${server.port}${route}`, { headers: { cookie: `sid=${token}` } });
          if (check.status !== 200) throw new Error(`WORKERS=${settingsList[i]}: GET ${route} answered ${check.status}: ${await check.text()}`);
          await hit(server.port, route, token, settings.warmupSeconds, settings.connections);
          measured[i]!.routes[name] = { rounds: [], rps: 0, p99: 0, failures: 0 };
        }
        for (let round = 0; round < settings.rounds; round++) {
          for (const [i, server] of servers.entries()) {
            const { rps, p99, failures } = await hit(server.port, route, token, settings.seconds, settings.connections);
            const figures = measured[i]!.routes[name]!;
            figures.rounds.push(rps);
            figures.p99 = Math.max(figures.p99, p99);
            figures.failures += failures;
          }
        }
        for (const m of measured) {
          const figures = m.routes[name]!;
          figures.rps = figures.rounds.reduce((a, b) => a + b, 0) / figures.rounds.length;
        }
      }
      return { cores, measured };
    } finally {
      for (const server of servers) await server.stop();
    }
  } finally {
    await scratch.database.drop();
  }
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('   ').trimEnd()).join('\n');
}

export function printWorkers(settings: WorkersSettings, result: { ok: true; value: WorkersResult } | { ok: false; reason: string }) {
  console.log(
    `\nSeveral processes: the compiled server with WORKERS=1, 2 and auto on PostgreSQL, ${settings.rounds} rounds × ${settings.seconds} s ` +
      `per server and route, servers taking turns, ${settings.connections} connections, after ${settings.warmupSeconds} s warm-up each`,
  );
  if (!result.ok) return console.log(`  failed: ${result.reason}`);
  const { cores, measured } = result.value;
  const first = measured[0]!;
  for (const name of Object.keys(WORKER_ROUTES)) {
    const header = [`${name} (${cores} cores)`, 'processes', ...first.routes[name]!.rounds.map((_, i) => `round ${i + 1}`), 'mean rps', 'vs 1', 'worst p99 ms', 'failures'];
    const rows = measured.map((m) => {
      const f = m.routes[name]!;
      return [`WORKERS=${m.workers}`, String(m.processes), ...f.rounds.map((r) => r.toFixed(0)), f.rps.toFixed(0), `${(f.rps / first.routes[name]!.rps).toFixed(2)}x`, String(f.p99), String(f.failures)];
    });
    console.log(table([header, ...rows]));
  }
  console.log('  (the load generator runs on the same machine: with 2 cores it takes one of them)');
}
