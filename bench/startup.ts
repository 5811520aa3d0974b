import { execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { onCleanup } from './cleanup';
import { createScratchDatabase } from './postgres';
import { freePort } from '../src/server/test/free-port';

const ROOT = path.resolve(import.meta.dirname, '..');
const READY = 'running at';
/** How long after it answers the server is left alone before its memory is read. */
export const IDLE_MS = 10_000;

export interface StartupResult {
  /** Empty data dir: creates the PGlite database, migrates and seeds the demo. */
  firstMs: number;
  /** Existing data dir: the start a person waits for after a restart. */
  secondMs: number;
  /** Resident memory (MB) of the server's node process, IDLE_MS after each start answered. */
  rssMb: {
    pgliteFirst: number;
    pgliteSecond: number;
    /** A first start (migrates, seeds) on a scratch PostgreSQL database; why not, when none answers. */
    postgres: number | { skipped: string };
  };
}

/** Resident memory of one process, in MB (`ps` reports kB on Linux and macOS). */
async function rssMb(pid: number): Promise<number> {
  const { stdout } = await promisify(execFile)('ps', ['-o', 'rss=', '-p', String(pid)]);
  return Number(stdout.trim()) / 1024;
}

/**
 * Spawns the compiled server as `npm start` runs it (`node dist/server/main.js`), times it until it
 * says it is running, reads its memory once it has been idle for IDLE_MS, then stops it with SIGTERM.
 */
async function startOnce(env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<{ ms: number; rssMb: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = onCleanup(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
  });
  let output = '';
  try {
    const ms = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not running after ${timeoutMs / 1000} s`)), timeoutMs);
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
        if (output.includes(READY)) {
          clearTimeout(timer);
          resolve(performance.now() - started);
        }
      });
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`exited with ${code} before it was running:\n${output.slice(-2000)}`));
      });
    });
    const health = await fetch(`http://127.0.0.1:${env.PORT}/healthz`);
    if (!health.ok) throw new Error(`/healthz answered ${health.status}`);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    return { ms, rssMb: await rssMb(child.pid!) };
  } finally {
    await stop();
  }
}

/**
 * Two starts on one temp DATA_DIR with the embedded PGlite and the default SEED_DEMO, then one on a
 * scratch PostgreSQL database when one answers. Builds the server first if its sources changed.
 */
export async function measureStartup(): Promise<StartupResult> {
  execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: ROOT, stdio: 'inherit' });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tumbleweed-startup-'));
  const removeDir = onCleanup(() => fs.rm(dataDir, { recursive: true, force: true }));
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), HOST: '127.0.0.1' };
    // The embedded database and the defaults: what `npm start` does on a fresh checkout.
    for (const name of ['DATABASE_URL', 'SEED_DEMO', 'PUBLIC_URL', 'LOG_LEVEL', 'SMTP_URL']) delete env[name];
    const first = await startOnce(env);
    const second = await startOnce(env);
    const postgres = await onPostgres((url) => startOnce({ ...env, DATABASE_URL: url }));
    return {
      firstMs: first.ms,
      secondMs: second.ms,
      rssMb: { pgliteFirst: first.rssMb, pgliteSecond: second.rssMb, postgres: 'skipped' in postgres ? postgres : postgres.rssMb },
    };
  } finally {
    await removeDir();
  }
}

async function onPostgres<T>(run: (url: string) => Promise<T>): Promise<T | { skipped: string }> {
  const scratch = await createScratchDatabase();
  if (!scratch.ok) return { skipped: scratch.reason };
  try {
    return await run(scratch.database.url);
  } finally {
    await scratch.database.drop();
  }
}
