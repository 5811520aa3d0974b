import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { onCleanup } from './cleanup';

const ROOT = path.resolve(import.meta.dirname, '..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const READY = 'running at';

export interface StartupResult {
  /** Empty data dir: creates the PGlite database, migrates and seeds the demo. */
  firstMs: number;
  /** Existing data dir: the start a person waits for after a restart. */
  secondMs: number;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Spawns `tsx src/server/main.ts`, times it until it says it is running, then stops it with SIGTERM. */
async function startOnce(env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [TSX, 'src/server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
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
    return await new Promise<number>((resolve, reject) => {
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
  } finally {
    await stop();
  }
}

/** Two starts on one temp DATA_DIR with the embedded PGlite and the default SEED_DEMO. */
export async function measureStartup(): Promise<StartupResult> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tumbleweed-startup-'));
  const removeDir = onCleanup(() => fs.rm(dataDir, { recursive: true, force: true }));
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), HOST: '127.0.0.1' };
    // The embedded database and the defaults: what `npm start` does on a fresh checkout.
    for (const name of ['DATABASE_URL', 'SEED_DEMO', 'PUBLIC_URL', 'LOG_LEVEL', 'SMTP_URL']) delete env[name];
    const firstMs = await startOnce(env);
    const secondMs = await startOnce(env);
    return { firstMs, secondMs };
  } finally {
    await removeDir();
  }
}
