// Our compiled server (`node dist/server/main.js`, as `npm start` and the systemd unit run it) on a
// scratch PostgreSQL database, for the scenarios that measure it as an operator runs it (workers.ts,
// federation.ts); and the dashboard's viewer they load it with.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { readConfig } from '../src/server/config';
import { migrateToLatest, openDatabase } from '../src/server/db/database';
import { freePort } from '../src/server/test/free-port';
import { onCleanup } from './cleanup';
import { seedViewer } from './fixture';
import { BENCH_PUBLIC_URL } from './our-server';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Posts of the blog the viewer follows: more than a dashboard page, so every request reads a full page. */
const POSTS = 30;

type App = Awaited<ReturnType<typeof buildApp>>;

export interface DashboardSeed {
  /** The viewer's session token (sid cookie). */
  token: string;
  /** The followed blog's writer: its session and form key, to publish with. */
  writer: { blog: string; headers: { cookie: string; 'x-form-key': string } };
}

/** The viewer of the user-info bench, following one more blog (bench-writer) with POSTS posts. */
export async function seedDashboard(databaseUrl: string): Promise<DashboardSeed> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tumbleweed-bench-'));
  const config = readConfig({ DATA_DIR: dataDir, PUBLIC_URL: BENCH_PUBLIC_URL, SEED_DEMO: 'false', DATABASE_URL: databaseUrl });
  const database = await openDatabase({ databaseUrl });
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, clientDir: null, logger: false, publisher: false, jobs: false, emails: false });
  try {
    const token = await seedViewer(app);
    const writer = await app.inject({
      method: 'POST',
      url: '/svc/account/register',
      payload: { email: 'bench-writer@example.com', password: 'bench-password-1', blog_name: 'bench-writer' },
    });
    if (writer.statusCode !== 200) throw new Error(`register the writer: ${writer.statusCode} ${writer.body}`);
    const headers = { cookie: `sid=${writer.cookies.find((c) => c.name === 'sid')!.value}`, 'x-form-key': (writer.json() as { response: { form_key: string } }).response.form_key };
    for (let i = 0; i < POSTS; i++) {
      const saved = await app.inject({
        method: 'POST',
        url: '/svc/post/update',
        headers,
        payload: { channel_id: 'bench-writer', 'post[type]': 'text', 'post[one]': `Post ${i}`, 'post[two]': `<p>Post ${i} of the bench.</p>`, 'post[state]': '0' },
      });
      if (saved.statusCode !== 200) throw new Error(`post ${i}: ${saved.statusCode} ${saved.body}`);
    }
    const followed = await app.inject({ method: 'POST', url: '/svc/follow', headers: await viewerHeaders(app, token), payload: { tumblelog: 'bench-writer' } });
    if (followed.statusCode !== 200) throw new Error(`follow: ${followed.statusCode} ${followed.body}`);
    return { token, writer: { blog: 'bench-writer', headers } };
  } finally {
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

async function viewerHeaders(app: App, token: string) {
  const info = await app.inject({ method: 'GET', url: '/svc/user/info', cookies: { sid: token } });
  return { cookie: `sid=${token}`, 'x-form-key': (info.json() as { response: { form_key: string } }).response.form_key };
}

export interface RunningServer {
  port: number;
  processes: number;
  stop(): Promise<void>;
}

/** `node dist/server/main.js` on `databaseUrl` with `env` over the defaults; resolves once every worker listens. */
export async function startCompiledServer(label: string, databaseUrl: string, env: Record<string, string> = {}, port?: number): Promise<RunningServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tumbleweed-bench-'));
  const listenOn = port ?? (await freePort());
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    PORT: String(listenOn),
    DATA_DIR: dataDir,
    PUBLIC_URL: BENCH_PUBLIC_URL,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ...env,
  };
  delete childEnv.REDIS_URL;
  const child = spawn(process.execPath, ['dist/server/main.js'], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = onCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  let output = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${label}: not running after 180 s:\n${output.slice(-2000)}`)), 180_000);
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
        if (output.includes('running at')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`${label} exited before it was running:\n${output.slice(-2000)}`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  // One process, or the primary's "N workers".
  const processes = Number(output.match(/(\d+) workers/)?.[1] ?? 1);
  return { port: listenOn, processes, stop };
}
