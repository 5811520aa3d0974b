import fs from 'node:fs';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { migrations } from './migrations/index';
import type { Database, Db } from './schema';

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when a trivial query answers; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; absent means PGlite. */
  databaseUrl: string | null;
  /** PGlite's folder; absent means an in-memory database (tests). */
  pgliteDir?: string;
  /** PostgreSQL schema to work in (tests isolate themselves this way). */
  schema?: string;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // An idle client that loses its server must not crash the process; the next query reports it.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', ping: () => ping(db), close: () => db.destroy() };
  }
  if (options.pgliteDir) fs.mkdirSync(path.dirname(options.pgliteDir), { recursive: true });
  const pglite = await PGlite.create(options.pgliteDir, {
    // Ids are 64-bit: keep int8 as text, as node-postgres does, so both back ends agree.
    parsers: { [types.INT8]: (value: string) => value },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', ping: () => ping(db), close: () => db.destroy() };
}

async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
