import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { expect, inject } from 'vitest';
import type { Envelope, UserInfoResponse } from '../../shared/types';
import { buildApp, type AppOptions } from '../app';
import { readConfig } from '../config';
import type { AppContext } from '../context';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../db/database';
import type { Db } from '../db/schema';
import { SESSION_COOKIE } from '../http/session';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  db: Db;
  database: DatabaseHandle;
  dataDir: string;
  close(): Promise<void>;
  /** Queries run so far on this app's database. */
  queryCount(): number;
}

/**
 * A fresh app on a fresh database: PGlite in memory, or (TEST_DB=postgres) a schema of its own
 * on the PostgreSQL server named by DATABASE_URL, dropped again on close.
 */
export async function createTestApp(
  appOptions: Pick<AppOptions, 'fetchAllowHosts' | 'fetchTimeoutMs' | 'jobs' | 'clientDir' | 'logger'> = {},
  /** Extra environment for the config (e.g. a tiny MEDIA_MAX_IMAGE_MB). */
  env: NodeJS.ProcessEnv = {},
): Promise<TestApp> {
  let queries = 0;
  const onQuery = () => {
    queries++;
  };
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tumbleweed-api-'));
  let schema: string | undefined;
  let dropSchema: () => Promise<unknown> = async () => {};
  let database: DatabaseHandle | null = null;
  let app: FastifyInstance | null = null;
  const close = async () => {
    // The app closes the database it was given; before that, the database is closed here.
    if (app) await app.close();
    else if (database) await database.close();
    await dropSchema();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  try {
    if (process.env.TEST_DB === 'postgres') {
      const databaseUrl = process.env.DATABASE_URL;
      if (!databaseUrl) throw new Error('TEST_DB=postgres needs DATABASE_URL.');
      const name = `test_${randomBytes(8).toString('hex')}`;
      await withClient(databaseUrl, (client) => client.query(`create schema "${name}"`));
      schema = name;
      dropSchema = () => withSchemaLock(databaseUrl, (client) => client.query(`drop schema "${name}" cascade`));
      const opened = await openDatabase({ databaseUrl, schema, poolSize: 4, onQuery });
      database = opened;
      await withSchemaLock(databaseUrl, () => migrateToLatest(opened.db, name));
    } else {
      database = await openDatabase({ databaseUrl: null, onQuery, template: await pgliteTemplate() });
      // Nothing to do when the template is current; migrates all when there is no template.
      await migrateToLatest(database.db);
    }
    // A test file registers dozens of accounts from one address; the limit's own tests set it low.
    const config = readConfig({ LIMIT_REGISTRATIONS_PER_HOUR: '1000', ...env, DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000' });
    app = await buildApp({ config, database, logger: false, publisher: false, jobs: false, emails: false, checkAnswers: true, ...appOptions });
    await app.ready();
    return { app, ctx: app.ctx, db: app.ctx.db, database, dataDir, close, queryCount: () => queries };
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}

/**
 * A second app on a test app's database, built with other options (an app without the test's
 * fetch allowance, say): no database of its own to create. Closing it leaves the database open;
 * the test app closes it.
 */
export async function siblingApp(t: TestApp, appOptions: Pick<AppOptions, 'fetchAllowHosts' | 'fetchTimeoutMs'> = {}): Promise<FastifyInstance> {
  const database: DatabaseHandle = { ...t.database, close: async () => {} };
  const app = await buildApp({ config: t.ctx.config, database, logger: false, publisher: false, jobs: false, emails: false, checkAnswers: true, ...appOptions });
  await app.ready();
  return app;
}

let template: Promise<Blob | undefined> | undefined;
/** The migrated database the global set-up left (pglite-template.ts), read once per test file. */
function pgliteTemplate(): Promise<Blob | undefined> {
  template ??= (async () => {
    const file = inject('pgliteTemplate');
    return file ? new Blob([await fs.readFile(file)]) : undefined;
  })();
  return template;
}

/**
 * Kysely's migrator lists the tables of every schema, asking has_schema_privilege() by name for
 * each; a schema another test file drops in between makes that call fail with "schema ... does
 * not exist". Migrating and dropping take turns under one advisory lock, so files can never race.
 */
const SCHEMA_LOCK = 7_204_511;
function withSchemaLock<T>(connectionString: string, work: (client: pg.Client) => Promise<T>) {
  return withClient(connectionString, async (client) => {
    await client.query('select pg_advisory_lock($1)', [SCHEMA_LOCK]);
    try {
      return await work(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [SCHEMA_LOCK]);
    }
  });
}

async function withClient<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Requests

export interface As {
  /** A Cookie header value, as returned by register or login. */
  cookie?: string;
  /** Sent in the X-Form-Key header. */
  formKey?: string;
}

export interface Session {
  cookie: string;
  formKey: string;
  body: Envelope<UserInfoResponse>;
  res: LightMyRequestResponse;
}

function headersFor(as: As = {}): Record<string, string> {
  return {
    ...(as.cookie ? { cookie: as.cookie } : {}),
    ...(as.formKey !== undefined ? { 'x-form-key': as.formKey } : {}),
  };
}

/** POST with a JSON body (an object) or a form body (a URLSearchParams). */
export function post(app: FastifyInstance, url: string, body: object | URLSearchParams = {}, as: As = {}) {
  const options: InjectOptions = { method: 'POST', url, headers: headersFor(as) };
  if (body instanceof URLSearchParams) {
    options.payload = body.toString();
    options.headers!['content-type'] = 'application/x-www-form-urlencoded';
  } else {
    options.payload = body as InjectOptions['payload'];
  }
  return app.inject(options);
}

export function get(app: FastifyInstance, url: string, as: As = {}) {
  return app.inject({ method: 'GET', url, headers: headersFor(as) });
}

/** The Cookie header that sends back the session cookie a response set. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const sid = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!sid?.value) throw new Error(`No session cookie in the response (status ${res.statusCode}): ${res.body}`);
  return `${SESSION_COOKIE}=${sid.value}`;
}

function session(res: LightMyRequestResponse): Session {
  const body = res.json() as Envelope<UserInfoResponse>;
  if (res.statusCode !== 200) throw new Error(`Expected 200, got ${res.statusCode}: ${res.body}`);
  return { cookie: sessionCookie(res), formKey: body.response.form_key, body, res };
}

export interface NewAccount {
  email: string;
  password: string;
  blog_name: string;
}

let counter = 0;
/** Registration details no other test in the file uses. */
export function newAccount(prefix = 'user'): NewAccount {
  counter += 1;
  const id = `${prefix}-${counter}-${randomBytes(3).toString('hex')}`;
  return { email: `${id}@example.com`, password: 'correct horse battery', blog_name: id };
}

export async function register(app: FastifyInstance, account: NewAccount = newAccount()): Promise<Session> {
  return session(await post(app, '/svc/account/register', account));
}

/** Marks the account's email as verified, as its link would (sending email needs it). */
export async function markVerified(db: Db, ...sessions: Session[]): Promise<void> {
  const emails = sessions.map((s) => s.body.response.user.email);
  await db.updateTable('users').set({ email_verified_at: new Date() }).where('email', 'in', emails).execute();
}

export async function login(app: FastifyInstance, credentials: { email: string; password: string }): Promise<Session> {
  return session(await post(app, '/svc/account/login', credentials));
}

export async function userInfo(app: FastifyInstance, as: As) {
  const res = await get(app, '/svc/user/info', as);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Envelope<UserInfoResponse>).response.user;
}

// ---------------------------------------------------------------------------------------------
// Assertions on answers

/** Asserts the error envelope and returns it. */
export function expectError(res: LightMyRequestResponse, status: number, msg?: string | RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as Envelope<Record<string, never>>;
  expect(body.meta.status).toBe(status);
  expect(typeof body.meta.msg).toBe('string');
  expect(body.meta.msg.length).toBeGreaterThan(0);
  expect(body.response).toEqual({});
  expect(Array.isArray(body.errors)).toBe(true);
  if (typeof msg === 'string') expect(body.meta.msg).toBe(msg);
  else if (msg) expect(body.meta.msg).toMatch(msg);
  return body;
}

/** Asserts the success envelope and returns its response. */
/** An avatar URL as the server gives it (test apps' PUBLIC_URL): a blog's, at a size, with the picture's version. */
export const avatarUrlOf = (blogName: string, size: number) =>
  expect.stringMatching(new RegExp(`^http://localhost:3000/svc/avatar/${blogName}/${size}\\?v=[\\w-]+$`));

export function expectOk<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as Envelope<T>;
  expect(body.meta).toEqual({ status: 200, msg: 'OK' });
  expect(body.errors).toBeUndefined();
  return body.response;
}

// ---------------------------------------------------------------------------------------------
// The database and the outbox

export const TABLES = [
  'users', 'blogs', 'sessions', 'email_verifications', 'follows', 'subscriptions', 'posts',
  'blocks', 'likes', 'replies', 'notifications', 'reports', 'share_emails', 'feature_flag_overrides',
  'video_conversions',
  'tag_follows',
  'log_events', 'insight_days', 'insight_post_days',
] as const;

/** Rows in every table, for "nothing changed" assertions. */
export async function countRows(db: Db): Promise<Record<(typeof TABLES)[number], number>> {
  const counts = {} as Record<(typeof TABLES)[number], number>;
  for (const table of TABLES) {
    const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    counts[table] = Number(rows[0]!.n);
  }
  return counts;
}

export const userByEmail = (db: Db, email: string) =>
  db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

/** Decodes quoted-printable: soft line breaks and =XX escapes. */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Every .eml file in the outbox, oldest first, with quoted-printable decoded. */
export async function readOutbox(dataDir: string): Promise<string[]> {
  const outbox = path.join(dataDir, 'outbox');
  const files = (await fs.readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(files.map(async (f) => decodeQuotedPrintable(await fs.readFile(path.join(outbox, f), 'utf8'))));
}

/** The path of the verification link in an email sent to this address (the newest one). */
export async function verificationPath(dataDir: string, email: string): Promise<string> {
  const mails = (await readOutbox(dataDir)).filter((m) => new RegExp(`^To: ${escapeRegExp(email)}$`, 'mi').test(m));
  const match = mails.at(-1)?.match(/\/svc\/account\/verify\/[A-Za-z0-9_-]+/);
  if (!match) throw new Error(`No verification link for ${email} in the outbox.`);
  return match[0];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
