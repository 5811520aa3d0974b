import { createHash } from 'node:crypto';
import { Kysely, Migrator, PostgresDialect, sql, type LogEvent, type PostgresPool, type PostgresPoolClient } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { DatabaseUnavailable, isConnectionFailure } from './errors';
import { migrations } from './migrations/index';
import { createPglite } from './pglite';
import type { Database, Db } from './schema';

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when a trivial query answers; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: its data folder as a tar file (tests load a migrated copy: `template`; backups gzip it). */
  dumpDataDir?: (compression?: 'none' | 'gzip') => Promise<Blob>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; absent means PGlite. */
  databaseUrl: string | null;
  /** PGlite's folder; absent means an in-memory database (tests). */
  pgliteDir?: string;
  /** PostgreSQL schema to work in (tests isolate themselves this way). */
  schema?: string;
  poolSize?: number;
  /** Called for every query run (tests count queries per request with it). */
  onQuery?: () => void;
  /** PGlite in memory only: start from this data folder (a dumpDataDir tar) instead of an empty one. */
  template?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // A database that does not answer at all (a host gone mid-failover) fails the request with a
      // 503 after this long, instead of holding it until the client gives up.
      connectionTimeoutMillis: 10_000,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // An idle client that loses its server must not crash the process; the next query reports it.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparing(pool) }), log: logger(options) });
    return { db, kind: 'postgres', ping: () => ping(db), close: () => db.destroy() };
  }
  const pglite = await createPglite(options.pgliteDir, options.template);
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), log: logger(options) });
  return { db, kind: 'pglite', ping: () => ping(db), close: () => db.destroy(), dumpDataDir: (compression = 'none') => pglite.dumpDataDir(compression) };
}

/**
 * Sends each data query as a named prepared statement, so PostgreSQL parses and plans a query
 * text once per connection instead of on every request. The app's query texts are a small fixed
 * set (values always travel as parameters), so the per-connection statement cache stays small.
 *
 * A connection lost while a request holds it (a failover, a restart, `pg_terminate_backend`)
 * is reported by node-postgres as an 'error' event on the client, which the pool only listens
 * to while the client is idle: unheard, it would end the process. Here it is heard, the
 * request's queries fail with DatabaseUnavailable (a 503), and the broken client is dropped
 * from the pool on release, so the next request gets a fresh connection.
 */
function preparing(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) {
      name = `k${createHash('sha1').update(text).digest('hex')}`;
      names.set(text, name);
    }
    return name;
  };
  return {
    connect: async () => {
      const client = await pool.connect().catch((error: unknown) => {
        throw isConnectionFailure(error) ? new DatabaseUnavailable(error) : error;
      });
      let lost: Error | null = null;
      const onError = (error: Error) => {
        lost = error;
      };
      client.on('error', onError);
      const run = (text: string, values: readonly unknown[]) =>
        PREPARABLE.test(text) ? client.query({ name: nameOf(text), text, values: [...values] }) : client.query(text, [...values]);
      return {
        query: async (text: string, values: readonly unknown[]) => {
          if (lost) throw new DatabaseUnavailable(lost);
          try {
            return await run(text, values);
          } catch (error) {
            if (!lost && isConnectionFailure(error)) lost = error as Error;
            throw lost ? new DatabaseUnavailable(error) : error;
          }
        },
        release: () => {
          client.off('error', onError);
          // An error given back makes the pool close the client rather than keep it.
          client.release(lost ?? undefined);
        },
        // pg types `command` as any string where Kysely lists the DML words; the object is the same.
      } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * The head of a query whose best plan depends on its values (how common a search term is): a text
 * starting with it is not PREPARABLE, so it goes unnamed and PostgreSQL plans it for the values
 * every time instead of settling, after five runs, on one generic plan for every value.
 */
export const PLAN_FOR_VALUES = '/* planned for its values */';

const logger = ({ onQuery }: DatabaseOptions) =>
  onQuery
    ? (event: LogEvent) => {
        if (event.level === 'query') onQuery();
      }
    : undefined;

async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/**
 * `schema`: the schema the database was opened with, if any. Kysely looks for its migration
 * tables in every schema unless told which one, so another schema's copy would be taken for ours.
 */
export async function migrateToLatest(db: Db, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // A data folder that ran a later-named migration first (work landing out of name order)
    // still takes an earlier-named one that is new to it.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
