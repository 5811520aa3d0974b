import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Envelope, UserInfoResponse } from '../../shared/types';
import { startServer } from '../test/server-process';
import { newAccount } from '../test/test-app';
import { openStream } from './stream-kit';

/*
 * Two server processes on one PostgreSQL database with REDIS_URL set: a message sent through one
 * pokes a stream held by the other (the event bus over Redis pub/sub). Needs the local Redis and
 * PostgreSQL; when either does not answer, the test says so and is skipped.
 */
const REDIS_URL = 'redis://127.0.0.1:6379';
const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const missing = [
  ...((await answers(6379)) ? [] : ['Redis at 127.0.0.1:6379']),
  ...((await postgresAnswers()) ? [] : [`PostgreSQL at ${new URL(ADMIN_URL).host}`]),
];
if (missing.length > 0) console.warn(`two-process messaging test skipped: ${missing.join(' and ')} did not answer`);

const children: ChildProcess[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

interface Client {
  base: string;
  cookie: string;
  formKey: string;
  info: UserInfoResponse['user'];
}

async function registerAt(base: string): Promise<Client> {
  const res = await fetch(`${base}/svc/account/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(newAccount('two')) });
  expect(res.status).toBe(200);
  const body = (await res.json()) as Envelope<UserInfoResponse>;
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { base, cookie, formKey: body.response.form_key, info: body.response.user };
}

describe.skipIf(missing.length > 0)('messaging across two server processes (PostgreSQL and Redis)', () => {
  it('a message sent through one process pokes a stream held by the other', { timeout: 120_000 }, async () => {
    // A database of its own, dropped at the end.
    const name = `tumbleweed_msg_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    cleanups.push(async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    });
    await admin.query(`create database "${name}"`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.toString(), REDIS_URL, LIMIT_REGISTRATIONS_PER_HOUR: '1000' };
    const dirs = await Promise.all([0, 1].map(() => fs.mkdtemp(path.join(os.tmpdir(), 'tumbleweed-msg-'))));
    cleanups.push(() => Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true }))));
    // One after the other: the first migrates the database, the second finds it migrated.
    const first = await startServer({ ...env, DATA_DIR: dirs[0] }, children);
    const second = await startServer({ ...env, DATA_DIR: dirs[1] }, children);
    const one = `http://127.0.0.1:${first.port}`;
    const two = `http://127.0.0.1:${second.port}`;

    const ann = await registerAt(one);
    const bob = await registerAt(two);
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    cleanups.push(() => db.end());
    await db.query('update users set email_verified_at = now() where email = any($1)', [[ann.info.email, bob.info.email]]);
    const { rows } = await db.query<{ polling_token: string }>('select polling_token from users where email = $1', [bob.info.email]);

    // Process two reads Bob's counts now (none) and keeps them in memory.
    const pollTwo = async () => {
      const res = await fetch(`${two}/services/poll?token=${rows[0]!.polling_token}&unread_messages=true&mention_keys=${bobUuid}`);
      return ((await res.json()) as Envelope<{ unread_messages: unknown }>).response.unread_messages;
    };
    const annUuid = ann.info.channels[0]!.uuid;
    const bobUuid = bob.info.channels[0]!.uuid;
    expect(await pollTwo()).toEqual({});

    const stream = await openStream(second.port, `/services/stream?token=${rows[0]!.polling_token}`);
    cleanups.push(async () => stream.close());
    expect(stream.status).toBe(200);
    await stream.next('ready');
    const poked = stream.next('unread', 10_000);

    const form = new URLSearchParams({ participant: annUuid, type: 'TEXT', message: 'Across processes' });
    form.append('participants[]', annUuid);
    form.append('participants[]', bobUuid);
    const sentAt = Date.now();
    const send = await fetch(`${one}/svc/conversations/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: ann.cookie, 'x-form-key': ann.formKey },
      body: form.toString(),
    });
    expect(send.status, first.output()).toBe(200);
    const conversationId = ((await send.json()) as Envelope<{ id: string }>).response.id;
    await poked;
    expect(Date.now() - sentAt).toBeLessThan(10_000);

    // Process two dropped its cached counts when the bus told it: its poll sees the message.
    expect(await pollTwo()).toEqual({ [bobUuid]: { [conversationId]: 1 } });
  });
});
