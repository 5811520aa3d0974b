import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { readConfig } from '../src/server/config';
import { migrateToLatest, openDatabase } from '../src/server/db/database';
import { BENCH_PUBLIC_URL, type StartedServer } from './our-server';
import { readTwoPages, recordSql } from './record-sql';

/**
 * Our real app on the generated feed database, as `npm start` would run it on PostgreSQL (queue
 * publisher included). Nothing is seeded: the users and their sessions are the generator's.
 * `sql`: what the app sent for dashboard pages 1 and 2 of the user whose session `token` is.
 */
export async function startOurFeedServer(databaseUrl: string, token: string): Promise<StartedServer> {
  return startOnGeneratedData(databaseUrl, 'tumbleweed-bench-feed-', async (app) => {
    // Already migrated by the generator: a no-op, as at every start of the app.
    await migrateToLatest(app.ctx.db);
    return recordSql(() =>
      readTwoPages(async (url) => {
        const res = await app.inject({ method: 'GET', url, cookies: { sid: token } });
        return { statusCode: res.statusCode, body: res.body };
      }),
    );
  });
}

/** Our real app on a generated database, recording the SQL of `paths` read as `token` (bench/blog-viewer.ts). */
export const startOurRecordingServer = (databaseUrl: string, paths: string[], token: string) =>
  startOnGeneratedData(databaseUrl, 'tumbleweed-bench-viewer-', async (app) => {
    await migrateToLatest(app.ctx.db);
    return recordSql(async () => {
      for (const url of paths) {
        const res = await app.inject({ method: 'GET', url, cookies: { sid: token } });
        if (res.statusCode !== 200) throw new Error(`ours ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      }
    });
  });

/** Our real app on a generated database, nothing seeded and nothing recorded (bench/social.ts). */
export const startOurPlainServer = (databaseUrl: string) => startOnGeneratedData(databaseUrl, 'tumbleweed-bench-plain-', async () => undefined);

/**
 * Our app on a database the bench generated, listening on a free loopback port, after `prepare`
 * (which may record the SQL of a few requests) has run against it in-process.
 */
async function startOnGeneratedData(
  databaseUrl: string,
  tempPrefix: string,
  prepare: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<string[] | undefined>,
): Promise<StartedServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), tempPrefix));
  const config = readConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: BENCH_PUBLIC_URL,
    SEED_DEMO: 'false',
    DATABASE_URL: databaseUrl,
    // The logging scenario measures ingest, not its limits: per account, per address and per day.
    ...(process.env.BENCH_LOG_LIMIT
      ? {
          LIMIT_LOG_BATCHES_PER_MINUTE: process.env.BENCH_LOG_LIMIT,
          LIMIT_LOG_BATCHES_PER_MINUTE_PER_ADDRESS: process.env.BENCH_LOG_LIMIT,
          LIMIT_LOG_KB_PER_DAY: String(1024 * 1024 * 1024),
        }
      : {}),
    ...(process.env.BENCH_MESSAGING_LIMIT
      ? Object.fromEntries(['LIMIT_MESSAGES_PER_MINUTE', 'LIMIT_MESSAGES_PER_HOUR', 'LIMIT_STREAMS_PER_ADDRESS', 'LIMIT_STREAMS_PER_PROCESS'].map((name) => [name, process.env.BENCH_MESSAGING_LIMIT]))
      : {}),
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  const app = await buildApp({ config, database, clientDir: null, logger: false, publisher: false, jobs: false, emails: false }).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  const close = async () => {
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  try {
    const sql = await prepare(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { port: (app.server.address() as AddressInfo).port, sql, close };
  } catch (error) {
    await close();
    throw error;
  }
}
