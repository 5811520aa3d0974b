import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { readConfig } from '../src/server/config';
import { migrateToLatest, openDatabase } from '../src/server/db/database';
import { seedViewer } from './fixture';

/** Both servers build URLs from this, so their JSON can be compared byte for byte. */
export const BENCH_PUBLIC_URL = 'http://localhost:3000';

export interface StartedServer {
  port: number;
  /** The viewer's session token (sid cookie). */
  token?: string;
  /** SQL texts the app sent to PostgreSQL for one GET /svc/user/info, in order. */
  sql?: string[];
  close(): Promise<void>;
}

/** Our real app on PostgreSQL (databaseUrl) or an in-memory PGlite (null), seeded with the viewer. */
export async function startOurServer(databaseUrl: string | null): Promise<StartedServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tumbleweed-bench-'));
  const config = readConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: BENCH_PUBLIC_URL,
    SEED_DEMO: 'false',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, clientDir: null, logger: false, publisher: false, jobs: false, emails: false });
  const close = async () => {
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  try {
    const token = await seedViewer(app);
    const sql = databaseUrl ? await recordSql(() => userInfo(app, token)) : undefined;
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { port: (app.server.address() as AddressInfo).port, token, sql, close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function userInfo(app: Awaited<ReturnType<typeof buildApp>>, token: string) {
  const res = await app.inject({ method: 'GET', url: '/svc/user/info', cookies: { sid: token } });
  if (res.statusCode !== 200) throw new Error(`user info: ${res.statusCode} ${res.body}`);
}

/**
 * Records the SQL node-postgres is given while `run` runs. Kysely's SQL is built inside the app's
 * routes, so this is the way to see what it really sends, to check the bare route sends the same.
 */
async function recordSql(run: () => Promise<void>): Promise<string[]> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const seen: string[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const query = args[0];
    seen.push(typeof query === 'string' ? query : (query as { text: string }).text);
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    proto.query = original;
  }
  return seen;
}
