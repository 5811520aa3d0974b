import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite, types } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * PostgreSQL's default 128 MB buffer pool does not fit in the 128 MB of WASM memory PGlite starts
 * with (its smallest: `initialMemory` cannot go lower), so that memory grows, and WASM memory
 * never shrinks: about 100 MB more resident at idle. The embedded database's files are read
 * through the operating system's page cache anyway, so a small pool costs a copy, not a disk read.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * The embedded database in `dataDir`, created there if new; in memory without one (tests), started
 * from `template` (a dumped data folder) when given.
 */
export async function createPglite(dataDir?: string, template?: Blob): Promise<PGlite> {
  if (dataDir && !fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await initInChild(dataDir);
  return PGlite.create({
    dataDir,
    ...(template ? { loadDataDir: template } : {}),
    startParams: START_PARAMS,
    // Loaded here, created by the post-search migration: tag typeahead (trigrams) and in-blog search.
    extensions: { btree_gin, pg_trgm },
    // Ids are 64-bit: keep int8 as text, as node-postgres does, so both back ends agree.
    parsers: { [types.INT8]: (value: string) => value },
  });
}

/**
 * Makes `dataDir` (absent or empty) from a dumped data folder (a backup), opens it once to check it
 * starts, and closes it.
 */
export async function loadPgliteDir(dataDir: string, tarball: Blob): Promise<void> {
  fs.mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create({ dataDir, loadDataDir: tarball, startParams: START_PARAMS, extensions: { btree_gin, pg_trgm } });
  await pglite.close();
}

/**
 * PGlite creates a new data folder with a second WASM instance running initdb, and keeps about
 * 400 MB of it reachable after it is closed, for the life of the process. A short-lived process
 * takes that cost instead, so a first start is as small as every later one.
 */
async function initInChild(dataDir: string): Promise<void> {
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const script = 'const { PGlite } = await import(process.argv[1]); await (await PGlite.create({ dataDir: process.argv[2] })).close();';
  try {
    await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, import.meta.resolve('@electric-sql/pglite'), dataDir]);
  } catch (error) {
    const detail = (error as { stderr?: string }).stderr?.trim() || String(error);
    throw new Error(`Could not create the embedded database in ${dataDir}: ${detail}`, { cause: error });
  }
}
