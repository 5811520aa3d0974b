import type { BundleResult } from './bundle-size';
import type { StartupResult } from './startup';
import type { Measured, UserInfoResult, UserInfoSettings } from './user-info';

export const RATIO_GOAL = 0.7;
export const SHELL_GOAL_KB = 120;

/** Vite's unit, so the figure matches what a build prints. */
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const rps = (value: number) => value.toFixed(0);

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows
    .map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('   ').trimEnd())
    .join('\n');
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; reason: string };

export function printUserInfo(settings: UserInfoSettings, result: Outcome<UserInfoResult>) {
  console.log(
    `\nGET /svc/user/info, logged in (viewer owns 2 blogs, follows 3): ${settings.rounds} rounds × ${settings.seconds} s ` +
      `per server, servers taking turns, ${settings.connections} connections, after ${settings.warmupSeconds} s warm-up each`,
  );
  if (!result.ok) return console.log(`  failed: ${result.reason}`);
  const { postgres, pglite } = result.value;
  const measured: Measured[] = 'skipped' in postgres ? [pglite] : [postgres.ours, postgres.bare, pglite];
  const header = ['server', ...measured[0]!.rounds.map((_, i) => `round ${i + 1}`), 'mean rps', 'worst p99 ms', 'failures'];
  console.log(table([header, ...measured.map((m) => [m.label, ...m.rounds.map(rps), rps(m.rps), String(m.p99), String(m.failures)])]));
  if ('skipped' in postgres) console.log(`PostgreSQL part skipped: ${postgres.skipped}`);
  else {
    const yes = (b: boolean) => (b ? 'yes' : 'NO');
    console.log(
      `bare route checked before measuring: same SQL as our app ${yes(postgres.sameSql)}, same JSON bytes ${yes(postgres.sameJson)} ` +
        `(scratch database ${postgres.database}, dropped)`,
    );
  }
}

export function printSummary(
  userInfo: Outcome<UserInfoResult>,
  startup: Outcome<StartupResult>,
  bundle: Outcome<BundleResult>,
) {
  const rows: string[][] = [['measure', 'value', 'goal', '']];
  if (userInfo.ok) {
    const { postgres, pglite } = userInfo.value;
    if ('skipped' in postgres) {
      rows.push(['user/info rps, ours on PostgreSQL', 'skipped', '', '']);
    } else {
      const ratio = postgres.ours.rps / postgres.bare.rps;
      rows.push(['user/info rps, ours on PostgreSQL', rps(postgres.ours.rps), '', '']);
      rows.push(['user/info rps, bare Fastify + pg on PostgreSQL', rps(postgres.bare.rps), '', '']);
      rows.push(['ratio ours / bare (PostgreSQL)', ratio.toFixed(2), `>= ${RATIO_GOAL}`, ratio >= RATIO_GOAL ? 'met' : 'MISSED']);
    }
    rows.push(['user/info rps, ours on PGlite', rps(pglite.rps), '', '']);
    if (!('skipped' in postgres)) {
      rows.push(['ratio PGlite / PostgreSQL (ours)', (pglite.rps / postgres.ours.rps).toFixed(2), '', '']);
    }
  } else rows.push(['user/info rps', 'failed', '', '']);

  if (startup.ok) {
    rows.push(['start to listening, existing data dir', `${startup.value.secondMs.toFixed(0)} ms`, '', '']);
    rows.push(['start to listening, empty data dir (seeds)', `${startup.value.firstMs.toFixed(0)} ms`, '', '']);
  } else rows.push(['start to listening', 'failed', '', '']);

  if (bundle.ok && bundle.value.ok) {
    const b = bundle.value;
    const shellKb = b.initialGzip / 1000;
    rows.push([`client JS gzip, all ${b.fileCount} chunks`, kB(b.totalGzip), '', '']);
    rows.push([
      `client JS gzip, initial (${b.initialFiles.length} in index.html)`,
      kB(b.initialGzip),
      `< ${SHELL_GOAL_KB} kB`,
      shellKb < SHELL_GOAL_KB ? 'met' : 'MISSED',
    ]);
  } else rows.push(['client JS gzip', 'failed', `< ${SHELL_GOAL_KB} kB`, '']);
  console.log(`\nSummary\n${table(rows)}`);
}

export function printStartup(result: Outcome<StartupResult>) {
  console.log('\nStart of `tsx src/server/main.ts` (embedded PGlite in a temp DATA_DIR, SEED_DEMO default), until "running at"');
  if (!result.ok) return console.log(`  failed: ${result.reason}`);
  console.log(`  first start, empty data dir (creates, migrates, seeds demo): ${result.value.firstMs.toFixed(0)} ms`);
  console.log(`  second start, existing data dir: ${result.value.secondMs.toFixed(0)} ms`);
}

export function printBundle(result: Outcome<BundleResult>) {
  console.log('\nProduction client bundle (dist/client/assets/*.js, gzip)');
  if (!result.ok) return console.log(`  failed: ${result.reason}`);
  const b = result.value;
  if (!b.ok) return console.log(`  ${b.reason}`);
  console.log(`  ${b.builtNow ? 'built by this run' : `existing build from ${b.builtAt.toISOString()} (not rebuilt)`}`);
  console.log(`  all ${b.fileCount} JS chunks: ${kB(b.totalGzip)}`);
  console.log(`  initial chunks in index.html: ${kB(b.initialGzip)} (${b.initialFiles.join(', ')})`);
}
