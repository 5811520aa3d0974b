// WORKERS=N (issue 27): the real entry point as a primary with two workers on one port and one
// PostgreSQL database, no Redis. A session made through one worker works through the other; a message
// sent through either pokes a stream the other holds (the bus crosses between them over IPC); SIGTERM
// ends both workers and then the primary, cleanly.
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream, type OpenStream } from './messaging/stream-kit';
import { freePort } from './test/free-port';
import { startServer, type ServerProcess } from './test/server-process';

const databaseUrl = process.env.DATABASE_URL;
const children: ChildProcess[] = [];
let server: ServerProcess;
let port: number;
let dbName: string;
let adminUrl: string;
const streams: OpenStream[] = [];

/** One request on a connection of its own, so the cluster may hand it to either worker. */
function request(method: string, path: string, body?: object, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; json: Record<string, unknown>; cookie: string | undefined }>((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const req = http.request(
      { host: '127.0.0.1', port, path, method, agent: false, headers: { connection: 'close', ...(payload ? { 'content-type': 'application/json' } : {}), ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, json: JSON.parse(text || '{}'), cookie: res.headers['set-cookie']?.[0]?.split(';')[0] }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

interface Someone {
  cookie: string;
  formKey: string;
  uuid: string;
  token: string;
}

async function someone(): Promise<Someone> {
  const id = `w-${randomBytes(4).toString('hex')}`;
  const made = await request('POST', '/svc/account/register', { email: `${id}@example.com`, password: 'correct horse battery', blog_name: id });
  expect(made.status).toBe(200);
  const client = new pg.Client({ connectionString: `${adminUrl.replace(/\/[^/]*$/, '')}/${dbName}` });
  await client.connect();
  await client.query('update users set email_verified_at = now() where email = $1', [`${id}@example.com`]);
  await client.end();
  const cookie = made.cookie!;
  const info = await request('GET', '/svc/user/info', undefined, { cookie });
  const user = (info.json.response as { user: { channels: { uuid: string }[]; polling_token: string } }).user;
  return { cookie, formKey: (info.json.response as { form_key: string }).form_key, uuid: user.channels[0]!.uuid, token: user.polling_token };
}

// Once, in the PostgreSQL run of the API tests.
describe.runIf(databaseUrl && process.env.TEST_DB === 'postgres')('WORKERS=2 on one port, without Redis', () => {
  beforeAll(async () => {
    adminUrl = databaseUrl!;
    dbName = `workers_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    port = await freePort();
    server = await startServer(
      { WORKERS: '2', PORT: String(port), DATABASE_URL: `${adminUrl.replace(/\/[^/]*$/, '')}/${dbName}`, PUBLIC_URL: `http://127.0.0.1:${port}`, REDIS_URL: '' },
      children,
    );
  }, 120_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  });

  it('answers through both workers', async () => {
    const workers = new Set<number>();
    for (let i = 0; i < 8 && workers.size < 2; i++) workers.add((await request('GET', '/healthz')).json.worker as number);
    expect([...workers].sort()).toEqual([1, 2]);
  });

  it('keeps a session made through one worker in every worker', async () => {
    const ann = await someone();
    for (let i = 0; i < 4; i++) expect((await request('GET', '/svc/user/info', undefined, { cookie: ann.cookie })).status).toBe(200);
  });

  it("pokes a stream held by one worker for every message sent through either", async () => {
    const ann = await someone();
    const bob = await someone();
    const stream = await openStream(port, `/services/stream?token=${bob.token}`);
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.next('ready');
    // Four sends on four connections: the cluster hands them to both workers in turn.
    for (let i = 0; i < 4; i++) {
      const form = new URLSearchParams({ participant: ann.uuid, type: 'TEXT', message: `Hello ${i}` });
      form.append('participants[]', ann.uuid);
      form.append('participants[]', bob.uuid);
      const answer = await new Promise<number>((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port, path: '/svc/conversations/messages', method: 'POST', agent: false, headers: { connection: 'close', cookie: ann.cookie, 'x-form-key': ann.formKey, 'content-type': 'application/x-www-form-urlencoded' } },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode!));
          },
        );
        req.on('error', reject);
        req.end(form.toString());
      });
      expect(answer).toBe(200);
      await stream.next('unread', 5000);
    }
  });

  it('ends both workers and then itself on SIGTERM', async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
