// The deployment test (issue 27): the operator's recipe, run. Three server processes, one per
// address of the nginx site file's upstream (127.0.0.1, .2 and .3: three hosts on loopback), each
// started with the systemd unit's ExecStart and Environment, on one PostgreSQL database and one Redis,
// behind nginx (Debian's package) running the very site file docs/deploy.md gives. Through nginx:
// a session made through one process works through the others; a message sent through any pokes a
// stream held by another; a photo uploaded through one is served by all (the S3-compatible media
// store, s3rver on loopback); a rate limit counts across processes; an uploaded video is converted
// once, whichever runner claims it; and when the three start at the same moment (each poller makes
// a pass at start), each due post is published once and the behaviour log is rolled up once,
// shown by the database's rows after every server's pass ended, not by timing.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream, type OpenStream } from '../src/server/messaging/stream-kit';
import { ffmpegMp4, png } from '../src/server/media/test-files';
import { startRedis, type RedisProcess } from '../src/server/test/redis-process';
import { startS3Server, type TestS3Server } from '../src/server/test/s3-server';

const SITE_FILE = 'deploy/nginx/tumbleweed.conf';
const UNIT_FILE = 'deploy/systemd/tumbleweed.service';
const NGINX = '/usr/sbin/nginx';
const databaseUrl = process.env.DATABASE_URL;
/** Registrations allowed per address and hour: small, so the test can reach it through three processes. */
const REGISTRATIONS = 6;

const children: ChildProcess[] = [];
/** The running server of each upstream, by its index in the site file. */
const servers: ChildProcess[] = [];
let serverCommand: string[] = [];
let serverEnv: NodeJS.ProcessEnv = {};
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

/** Starts upstream `i`'s server; resolves once it listens (its pollers made their first pass start before). */
async function startServer(i: number) {
  const upstream = upstreams[i]!;
  const child = spawn(process.execPath, serverCommand, { env: { ...serverEnv, HOST: upstream.host, PORT: String(upstream.port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  servers[i] = child;
  await waitForLine(child, /running at http/, `server ${i + 1}`);
}

/** SIGTERM, as systemd stops the unit: the server finishes its requests and background passes, then exits. */
async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
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
  blog: string;
  userId: string;
}

/** Registers through nginx; `client` stands for another address (X-Forwarded-For, which nginx extends). */
async function register(client?: string): Promise<Answer & { email: string; name: string }> {
  const name = `d-${randomBytes(4).toString('hex')}`;
  const email = `${name}@example.com`;
  const answer = await request('POST', '/svc/account/register', {
    body: JSON.stringify({ email, password: 'correct horse battery', blog_name: name }),
    type: 'application/json',
    headers: client ? { 'x-forwarded-for': client } : {},
  });
  return { ...answer, email, name };
}

/** A query on the deployment's database, on a connection of its own. */
async function query<Row extends object>(text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseOf(dbName) });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function someone(client?: string): Promise<Someone> {
  const made = await register(client);
  expect(made.status, JSON.stringify(made.json)).toBe(200);
  const [user] = await query<{ id: string }>('update users set email_verified_at = now() where email = $1 returning id::text', [made.email]);
  const info = await request('GET', '/svc/user/info', { headers: { cookie: made.cookie! } });
  const answer = info.json.response as { form_key: string; user: { channels: { uuid: string }[]; polling_token: string } };
  return { cookie: made.cookie!, formKey: answer.form_key, uuid: answer.user.channels[0]!.uuid, token: answer.user.polling_token, blog: made.name, userId: user!.id };
}

/** Saves a text post through nginx in `state` (a state code: '0' published, '2' queued, 'on.2' scheduled). */
async function savePost(as: Someone, title: string, state: string, publishOn?: Date): Promise<string> {
  const saved = await request('POST', '/svc/post/update', {
    body: JSON.stringify({
      channel_id: as.blog,
      'post[type]': 'text',
      'post[one]': title,
      'post[two]': `<p>${title}</p>`,
      'post[state]': state,
      ...(publishOn ? { 'post[publish_on]': publishOn.toISOString() } : {}),
    }),
    type: 'application/json',
    headers: { cookie: as.cookie, 'x-form-key': as.formKey },
  });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  return (saved.json.response as { created_post: { id: string } }).created_post.id;
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
    serverCommand = unit.args;
    serverEnv = {
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
    for (const i of upstreams.keys()) await startServer(i);

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
    for (const child of children) await stop(child);
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

  // After the rate limit: these accounts come from another client address, with an allowance of their own.
  const elsewhere = '192.0.2.27';

  it('converts each uploaded video once, whichever server claims its job', async () => {
    const ann = await someone(elsewhere);
    // Distinct files (media is stored by content), sent at once: each lands on a server of nginx's choice,
    // which queues the job and starts it, while the other servers' runners poll the same table.
    const videos = await Promise.all([120, 144, 168].map((height) => ffmpegMp4(160, height, 1)));
    const uploads = await Promise.all(
      videos.map(async (video, i) => {
        const form = new FormData();
        form.append('video', new Blob([new Uint8Array(video)], { type: 'video/mp4' }), `v${i}.mp4`);
        const uploaded = await fetch(`http://${proxy.host}:${proxy.port}/svc/media/upload`, {
          method: 'POST',
          body: form,
          headers: { cookie: ann.cookie, 'x-form-key': ann.formKey },
        });
        expect(uploaded.status, await uploaded.clone().text()).toBe(200);
        return uploaded.json();
      }),
    );
    expect(uploads).toHaveLength(3);
    const jobs = () => query<{ state: string; attempts: number; poster: string | null }>(
      `select j.state, j.attempts, m.meta->>'poster_url' as poster from video_jobs j join media m on m.id = j.media_id`,
    );
    for (let i = 0; i < 600 && (await jobs()).some((job) => job.state === 'queued' || job.state === 'running'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // One claim each (a second claim would count a second attempt), each finished, its poster stored.
    const done = await jobs();
    expect(done).toHaveLength(3);
    for (const job of done) expect(job).toMatchObject({ state: 'done', attempts: 1, poster: expect.stringMatching(/\S/) });
  }, 120_000);

  // Keep this test last: it ends with the servers stopped (starting three again would only cost time).
  it('publishes queued and scheduled posts and rolls up the behaviour log once, when all three servers poll at once', async () => {
    const [ann, bob, cat] = [await someone(elsewhere), await someone(elsewhere), await someone(elsewhere)];
    const inAnHour = new Date(Date.now() + 3_600_000);
    const scheduled = [];
    for (let i = 0; i < 4; i++) scheduled.push(await savePost(ann, `Scheduled ${i}`, 'on.2', inAnHour));
    const queued = { [bob.blog]: [] as string[], [cat.blog]: [] as string[] };
    for (const as of [bob, cat]) for (let i = 0; i < 3; i++) queued[as.blog]!.push(await savePost(as, `Queued ${i}`, '2'));
    // Cat puts the newest first: the queue goes out in its order, not by age.
    const asCatOwner = { cookie: cat.cookie, 'x-form-key': cat.formKey };
    const [catFirst, , catLast] = queued[cat.blog]!;
    const reorder = JSON.stringify({ tumblelog: cat.blog, post_id: catLast, before_id: catFirst });
    expect((await request('POST', '/svc/blog/queue_order', { body: reorder, type: 'application/json', headers: asCatOwner })).status).toBe(200);
    const seen = await savePost(ann, 'Seen', '0');
    // Cat follows and subscribes to ann's blog: each of ann's posts going out makes one new_post notification.
    const asCat = { cookie: cat.cookie, 'x-form-key': cat.formKey };
    expect((await request('POST', '/svc/follow', { body: JSON.stringify({ tumblelog: ann.blog }), type: 'application/json', headers: asCat })).status).toBe(200);
    expect((await request('POST', `/svc/blog/${ann.blog}/subscription`, { body: '{}', type: 'application/json', headers: asCat })).status).toBe(200);
    // Three readers saw the published post, one of them twice: three impressions once rolled up.
    for (const reader of [ann, bob, cat, cat]) {
      await query(`insert into log_events (day, user_id, name, post_id, fields) values (current_date, $1, 'post_impression', $2, '{}')`, [reader.userId, seen]);
    }

    // Every server stops (finishing its passes), the work falls due, and the three start together:
    // each makes its publisher's and its log rollup's first pass at start, at the same moment.
    await Promise.all(servers.map(stop));
    await query(`update posts set publish_on = now() - interval '1 minute' where id = any($1::bigint[])`, [scheduled]);
    await query(`update blogs set queue_next_at = now() - interval '1 minute' where name = any($1)`, [[bob.blog, cat.blog]]);
    await Promise.all(upstreams.map((_, i) => startServer(i)));
    // A stop waits for the pass in progress: after it, every server's first pass has ended.
    await Promise.all(servers.map(stop));

    const states = await query<{ id: string; state: string; publish_id: string | null }>(
      'select id::text, state, publish_id::text from posts where id = any($1::bigint[])',
      [[...scheduled, ...Object.values(queued).flat()]],
    );
    const stateOf = new Map(states.map((row) => [row.id, row]));
    for (const id of scheduled) expect(stateOf.get(id)).toMatchObject({ state: 'published', publish_id: expect.any(String) });
    // A queue gives one post per slot: the first in its order, once, whichever server took the blog
    // (bob's is as queued, oldest first; cat's was reordered, newest first).
    expect(queued[bob.blog]!.map((id) => stateOf.get(id)!.state)).toEqual(['published', 'queued', 'queued']);
    expect(queued[cat.blog]!.map((id) => stateOf.get(id)!.state)).toEqual(['queued', 'queued', 'published']);
    const told = await query<{ post_id: string; n: string }>(
      `select n.new_post_id::text as post_id, count(*)::text as n from notifications n join blogs b on b.id = n.blog_id
       where b.name = $1 and n.type = 'new_post' group by n.new_post_id`,
      [cat.blog],
    );
    expect(Object.fromEntries(told.map((row) => [row.post_id, Number(row.n)]))).toEqual(Object.fromEntries(scheduled.map((id) => [id, 1])));
    const [figures] = await query<{ impressions: number; watermark: string; last: string }>(
      `select (select sum(impressions)::int from insight_post_days where post_id = $1) as impressions,
              (select last_event_id::text from insight_watermark where id = 1) as watermark,
              (select max(id)::text from log_events) as last`,
      [seen],
    );
    expect(figures).toEqual({ impressions: 3, watermark: figures!.last, last: figures!.last });
  }, 180_000);
});
