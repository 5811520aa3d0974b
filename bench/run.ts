// `npm run bench`: user-info throughput (ours vs a bare route, PostgreSQL and PGlite), server start
// time and client bundle size, in one run, printed as a summary. Everything it starts, it stops.
import os from 'node:os';
import { measureBundle } from './bundle-size';
import { runCleanups } from './cleanup';
import { printBundle, printStartup, printSummary, printUserInfo, type Outcome } from './report';
import { measureStartup } from './startup';
import { benchUserInfo, type UserInfoSettings } from './user-info';

// 3 servers × (2 s warm-up + 3 × 5 s) ≈ 51 s of load; with starts and the build, well under 3 minutes.
const SETTINGS: UserInfoSettings = { rounds: 3, seconds: 5, warmupSeconds: 2, connections: 10 };
const DEADLINE_MS = 170_000;

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
const userInfo = await attempt(() => benchUserInfo(SETTINGS));
printUserInfo(SETTINGS, userInfo);
const startup = await attempt(measureStartup);
printStartup(startup);
const bundle = await attempt(measureBundle);
printBundle(bundle);
printSummary(userInfo, startup, bundle);

clearTimeout(deadline);
await runCleanups();
