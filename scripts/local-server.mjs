// The compiled server on a fresh data folder, for the scripts that look at the product from outside
// (npm run lighthouse, npm run screens): built first if stale, started as `npm start` starts it,
// with the demo account seeded, and stopped with its folder afterwards.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Starts the server on `port`; resolves once /healthz answers. */
export async function startLocalServer({ port }) {
  execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { stdio: 'inherit' });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tumbleweed-look-'));
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
    },
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server stopped while starting (exit code ${server.exitCode}).`);
    const healthy = await fetch(`${url}/healthz`).then((res) => res.ok, () => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      server.kill();
      throw new Error(`The server did not answer ${url}/healthz within 90 s.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const demoLine = await fs.readFile(path.join(dataDir, 'demo-login.txt'), 'utf8');
  const [, email, password] = /Demo login: (\S+) \/ (\S+)/.exec(demoLine) ?? [];
  if (!email || !password) throw new Error('The demo account was not seeded (no demo-login.txt).');
  return {
    url,
    demo: { email, password },
    async stop() {
      server.kill('SIGTERM');
      await exited;
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The newest published post of a blog, read through the API as a visitor would. */
export async function newestPost(url, blogName) {
  const res = await fetch(`${url}/svc/post/blog/${encodeURIComponent(blogName)}/before/0`);
  const body = await res.json();
  const post = body.response?.posts?.[0];
  if (!post) throw new Error(`The blog ${blogName} has no post to open (${res.status}).`);
  return post;
}
