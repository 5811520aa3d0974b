import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { onCleanup } from './cleanup';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ScratchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export type ScratchResult = { ok: true; database: ScratchDatabase } | { ok: false; reason: string };

/** One connection to `url` for `run`, closed after; a short connect timeout, so a missing server is reported, not waited on. */
export async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database for this run on the server DATABASE_URL (or the local default) names. */
export async function createScratchDatabase(): Promise<ScratchResult> {
  const adminUrl = process.env.DATABASE_URL || DEFAULT_URL;
  const name = `bench_${randomBytes(4).toString('hex')}`;
  try {
    await withClient(adminUrl, (client) => client.query(`create database "${name}"`));
  } catch (error) {
    return { ok: false, reason: `no PostgreSQL at ${redact(adminUrl)} (${(error as Error).message})` };
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = onCleanup(async () => {
    // force: a pool that did not close cleanly must not keep the database alive.
    await withClient(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
  });
  return { ok: true, database: { url: url.toString(), name, drop } };
}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
