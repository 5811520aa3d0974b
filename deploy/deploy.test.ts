// The deployment test (issue 27): the operator's recipe, run. Three server processes, one per
// address of the nginx site file's upstream (127.0.0.1, .2 and .3: three hosts on loopback), each
// started with the systemd unit's ExecStart and Environment, on one PostgreSQL database and one Redis,
// behind nginx (Debian's package) running the very site file docs/deploy.md gives. Through nginx:
// a session made through one process works through the others; a message sent through any pokes a
// stream held by another; a photo uploaded through one is served by all (the S3-compatible media
// store, s3rver on loopback); a rate limit counts across processes.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream, type OpenStream } from '../src/server/messaging/stream-kit';
import { png } from '../src/server/media/test-files';
import { startRedis, type RedisProcess } from '../src/server/test/redis-process';
import { startS3Server, type TestS3Server } from '../src/server/test/s3-server';

const SITE_FILE = 'deploy/nginx/tumbleweed.conf';
const UNIT_FILE = 'deploy/systemd/tumbleweed.service';
const NGINX = '/usr/sbin/nginx';
const databaseUrl = process.env.DATABASE_URL;
/** Registrations allowed per address and hour: small, so the test can reach it through three processes. */
const REGISTRATIONS = 6;

const children: ChildProcess[] = [];
const streams: OpenStream[] = [];
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tumbleweed-deploy-'));
let redis: RedisProcess;
let s3: TestS3Server;
let dbName = '';
let proxy = { host: '127.0.0.1', port: 8080 };
let upstreams: { host: string; port: number }[] = [];

/** The upstream servers and the address nginx listens on, as the site file says them. */
function readSiteFile() {
  const text = fs.readFileSync(SITE_FILE, 'utf8');
  const upstream = text.slice(text.indexOf('upstream'), text.indexOf('}', text.indexOf('upstream')));
  const servers = [...upstream.matchAll(/^\s*server\s+([\d.]+):(\d+)\s*;/gm)].map((m) => ({ host: m[1]!, port: Number(m[2]) }));
  const listen = text.match(/^\s*listen\s+([\d.]+):(\d+)\s*;/m)!;
  return { servers, listen: { host: listen[1]!, port: Number(listen[2]) } };
}

/** The unit's command (with this machine's node) and its fixed environment. */
function readUnit() {
  const text = fs.readFileSync(UNIT_FILE, 'utf8');
  const exec = text.match(/^ExecStart=(.*)$/m)![1]!.split(/\s+/);
  const args = exec.slice(exec.indexOf('node') + 1);
  const env = Object.fromEntries([...text.matchAll(/^Environment=([A-Z_]+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]));
  return { args, env };
}

function waitForLine(child: ChildProcess, pattern: RegExp, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (pattern.test(out)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`${what} exited (${code}) before it was ready:\n${out}`)));
  });
}

async function waitForPort(host: string, port: number) {
  for (let i = 0; i < 200; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const req = http.get({ host, port, path: '/healthz', agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      });
      req.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing answers on ${host}:${port}`);
}

interface Answer {
  status: number;
  json: Record<string, unknown>;
  cookie: string | undefined;
}

/** A request through nginx on a connection of its own. */
function request(method: string, url: string, options: { body?: string; type?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: proxy.host,
        port: proxy.port,
        path: url,
        method,
        agent: false,
        headers: { connection: 'close', ...(options.type ? { 'content-type': options.type } : {}), ...options.headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let json: Record<string, unknown>;
          try {
            json = JSON.parse(text || '{}');
          } catch {
            json = { text };
          }
          resolve({ status: res.statusCode!, json, cookie: res.headers['set-cookie']?.[0]?.split(';')[0] });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const databaseOf = (name: string) => `${databaseUrl!.replace(/\/[^/]*$/, '')}/${name}`;

interface Someone {
  cookie: string;
  formKey: string;
  uuid: string;
  token: string;
}

async function register(): Promise<Answer & { email: string }> {
  const id = `d-${randomBytes(4).toString('hex')}`;
  const email = `${id}@example.com`;
  const answer = await request('POST', '/svc/account/register', {
    body: JSON.stringify({ email, password: 'correct horse battery', blog_name: id }),
    type: 'application/json',
  });
  return { ...answer, email };
}

async function someone(): Promise<Someone> {
  const made = await register();
  expect(made.status, JSON.stringify(made.json)).toBe(200);
  const client = new pg.Client({ connectionString: databaseOf(dbName) });
  await client.connect();
  await client.query('update users set email_verified_at = now() where email = $1', [made.email]);
  await client.end();
  const info = await request('GET', '/svc/user/info', { headers: { cookie: made.cookie! } });
  const answer = info.json.response as { form_key: string; user: { channels: { uuid: string }[]; polling_token: string } };
  return { cookie: made.cookie!, formKey: answer.form_key, uuid: answer.user.channels[0]!.uuid, token: answer.user.polling_token };
}

describe.runIf(databaseUrl && fs.existsSync(NGINX))('three servers behind nginx, on one PostgreSQL and one Redis', () => {
  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'pipe' });
    const site = readSiteFile();
    upstreams = site.servers;
    proxy = site.listen;
    expect(upstreams).toHaveLength(3);
    dbName = `deploy_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    redis = await startRedis();
    s3 = await startS3Server();

    const unit = readUnit();
    const env = {
      ...process.env,
      ...unit.env,
      // This machine's part of /etc/tumbleweed.env (docs/deploy.md lists it).
      DATABASE_URL: databaseOf(dbName),
      REDIS_URL: redis.url,
      ...s3.env,
      PUBLIC_URL: `http://${proxy.host}:${proxy.port}`,
      DATA_DIR: path.join(work, 'data'),
      WORKERS: '1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      LIMIT_REGISTRATIONS_PER_HOUR: String(REGISTRATIONS),
    };
    // The first migrates the database; the others start on it (as a rolling start would).
    for (const [i, upstream] of upstreams.entries()) {
      const child = spawn(process.execPath, unit.args, { env: { ...env, HOST: upstream.host, PORT: String(upstream.port) }, stdio: ['ignore', 'pipe', 'pipe'] });
      children.push(child);
      await waitForLine(child, /running at http/, `server ${i + 1}`);
    }

    const conf = path.join(work, 'nginx.conf');
    fs.writeFileSync(
      conf,
      `daemon off;\nworker_processes 1;\npid ${work}/nginx.pid;\nerror_log ${work}/error.log warn;\nevents { worker_connections 256; }\n` +
        `http {\n  access_log off;\n  client_body_temp_path ${work}/body;\n  proxy_temp_path ${work}/proxy;\n` +
        `  include ${path.resolve(SITE_FILE)};\n}\n`,
    );
    const nginx = spawn(NGINX, ['-p', work, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(nginx);
    await waitForPort(proxy.host, proxy.port);
  }, 180_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    for (const child of children) {
      if (child.exitCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await redis?.stop();
    await s3?.close();
    if (dbName) {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('answers through every server', async () => {
    const pids = new Set<number>();
    for (let i = 0; i < 6; i++) pids.add((await request('GET', '/healthz')).json.pid as number);
    expect(pids.size).toBe(3);
  });

  it('keeps a session made through one server in all of them', async () => {
    const ann = await someone();
    for (let i = 0; i < 6; i++) expect((await request('GET', '/svc/user/info', { headers: { cookie: ann.cookie } })).status).toBe(200);
  });

  it('pokes a stream held by one server for a message sent through any', async () => {
    const ann = await someone();
    const bob = await someone();
    const stream = await openStream(proxy.port, `/services/stream?token=${bob.token}`);
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.next('ready');
    for (let i = 0; i < 3; i++) {
      const form = new URLSearchParams({ participant: ann.uuid, type: 'TEXT', message: `Across ${i}` });
      form.append('participants[]', ann.uuid);
      form.append('participants[]', bob.uuid);
      const sent = await request('POST', '/svc/conversations/messages', {
        body: form.toString(),
        type: 'application/x-www-form-urlencoded',
        headers: { cookie: ann.cookie, 'x-form-key': ann.formKey },
      });
      expect(sent.status, JSON.stringify(sent.json)).toBe(200);
      await stream.next('unread', 5000);
    }
  });

  it('serves a photo uploaded through one server from every server', async () => {
    const ann = await someone();
    const form = new FormData();
    form.append('photo', new Blob([await png(320, 200, '#225588')], { type: 'image/png' }), 'p.png');
    const uploaded = await fetch(`http://${proxy.host}:${proxy.port}/svc/media/upload`, {
      method: 'POST',
      body: form,
      headers: { cookie: ann.cookie, 'x-form-key': ann.formKey },
    });
    expect(uploaded.status).toBe(200);
    const url = ((await uploaded.json()) as { response: { url: string }[] }).response[0]!.url;
    expect((await s3.keys()).length).toBeGreaterThan(0);
    // Straight to each server, past nginx: each reads the one store.
    for (const upstream of upstreams) {
      const served = await fetch(`http://${upstream.host}:${upstream.port}${url}`, { headers: { cookie: ann.cookie } });
      expect(served.status, `${upstream.host}`).toBe(200);
      expect(served.headers.get('content-type')).toMatch(/^image\//);
      await served.arrayBuffer();
    }
  });

  it('counts a rate limit across the servers', async () => {
    // Registrations so far came through nginx from one client address (X-Forwarded-For, TRUST_PROXY).
    let allowed = 0;
    for (let i = 0; i < REGISTRATIONS + 2; i++) {
      const made = await register();
      if (made.status === 200) allowed++;
      else expect(made.status).toBe(429);
    }
    const client = new pg.Client({ connectionString: databaseOf(dbName) });
    await client.connect();
    const { rows } = await client.query<{ n: string }>('select count(*) as n from users');
    await client.end();
    // Three per-process counters would have let 3 x REGISTRATIONS through.
    expect(Number(rows[0]!.n)).toBe(REGISTRATIONS);
    expect(allowed).toBeLessThan(REGISTRATIONS);
  });
});
