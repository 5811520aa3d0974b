import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../shared/types';
import { buildApp } from '../app';
import { readConfig } from '../config';
import { ErrorCode } from '../http/errors';
import { startServer } from '../test/server-process';
import { newAccount } from '../test/test-app';
import { openDatabase } from './database';

const UNAVAILABLE = /^The database is not reachable right now\. Nothing was changed/;
const onPostgres = process.env.TEST_DB === 'postgres' && !!process.env.DATABASE_URL;

const children: ChildProcess[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

function expectUnavailable(status: number, body: Envelope<unknown>, headers?: Headers) {
  expect(status).toBe(503);
  expect(body.meta.status).toBe(503);
  expect(body.meta.msg).toMatch(UNAVAILABLE);
  expect(body.errors?.[0]?.code).toBe(ErrorCode.unavailable);
  if (headers) expect(headers.get('retry-after')).toBe('5');
}

/** A port on 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('a database that cannot be reached', () => {
  it('answers 503 with a message on the API, not 500, and changes nothing', async () => {
    // node-postgres connects on first use, so the app starts; every request meets the refusal.
    const database = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${await closedPort()}/none` });
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tumbleweed-nodb-'));
    const app = await buildApp({ config: readConfig({ DATA_DIR: dataDir }), database, logger: false, publisher: false, jobs: false, emails: false });
    cleanups.push(() => app.close(), () => fs.rm(dataDir, { recursive: true, force: true }));
    const answers = [
      await app.inject({ method: 'POST', url: '/svc/account/register', payload: newAccount() }),
      await app.inject({ method: 'POST', url: '/svc/account/login', payload: { email: 'ann@example.com', password: 'long enough' } }),
      // A session cookie makes every route look the session up first.
      await app.inject({ method: 'GET', url: '/svc/user/info', headers: { cookie: 'sid=abc' } }),
      await app.inject({ method: 'GET', url: '/svc/post/blog/ann/before/0' }),
      await app.inject({ method: 'GET', url: '/healthz' }),
    ];
    for (const res of answers) {
      expectUnavailable(res.statusCode, res.json());
      expect(res.headers['retry-after']).toBe('5');
    }
  });
});

describe.runIf(onPostgres)('a connection dropped under a request (PostgreSQL)', () => {
  it('fails the requests it cut with a 503, and the server keeps serving', { timeout: 120_000 }, async () => {
    // A database of its own: the server runs as `npm start` would, in its default schema.
    const adminUrl = process.env.DATABASE_URL!;
    const name = `tumbleweed_drop_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    cleanups.push(async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    });
    await admin.query(`create database "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tumbleweed-drop-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: url.toString() }, children);
    const base = `http://127.0.0.1:${server.port}`;
    const register = (account = newAccount()) =>
      fetch(`${base}/svc/account/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });

    // A second connection holds a lock that registration's insert into blogs waits for, so the
    // request sits inside its open transaction until its backend is terminated.
    const locker = new pg.Client({ connectionString: url.toString() });
    await locker.connect();
    cleanups.push(() => locker.end());
    await locker.query('begin');
    await locker.query('lock table blogs in share row exclusive mode');
    // Several at once, as the crash was seen: each request's own connection is cut. Six of the pool's
    // ten connections, so the server's background jobs (which may wait on the same lock) keep theirs.
    const accounts = Array.from({ length: 6 }, () => newAccount());
    const stuck = accounts.map((account) => register(account));
    const pids = await waitingBackends(admin, name, accounts.length);
    await locker.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
    for (const res of await Promise.all(stuck)) expectUnavailable(res.status, (await res.json()) as Envelope<unknown>, res.headers);
    await locker.query('rollback');
    const account = accounts[0]!;

    // The process is alive, its pool has a working connection again, and nothing half-written stayed.
    const again = await register(account);
    expect(again.status, server.output()).toBe(200);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const { rows } = await locker.query<{ n: string }>('select count(*) as n from users where email = $1', [account.email]);
    expect(rows[0]!.n).toBe('1');
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toMatch(/Unhandled 'error' event/);
  });
});

/**
 * The pids of `count` registrations waiting for the lock in the database (their insert into blogs;
 * a background job that waits on the same lock is left alone). Asked from a connection outside any
 * transaction: within one, pg_stat_activity is a snapshot taken at its first read.
 */
async function waitingBackends(client: pg.Client, database: string, count: number): Promise<number[]> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { rows } = await client.query<{ pid: number; query: string; wait_event_type: string | null }>(
      `select pid, query, wait_event_type from pg_stat_activity where datname = $1`,
      [database],
    );
    const waiting = rows.filter((row) => row.wait_event_type === 'Lock' && row.query.startsWith('insert into "blogs"'));
    if (waiting.length >= count) return waiting.map((row) => row.pid);
    if (Date.now() > deadline) throw new Error(`${waiting.length} of ${count} registrations reached the lock; the database's backends: ${JSON.stringify(rows)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
