import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '../db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated, empty PGlite data folder (dumpDataDir), or '' on PostgreSQL. */
    pgliteTemplate: string;
  }
}

/**
 * Vitest's global set-up for the API tests: creates and migrates one embedded database, once per
 * run, and leaves its files where every test file's createTestApp loads a copy (issue 22: a fresh
 * PGlite ran initdb and every migration per file, 7-20 s of set-up that grew with the machine's
 * load). Loading the copy skips both. On PostgreSQL each file still migrates its own schema.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === 'postgres') {
    project.provide('pgliteTemplate', '');
    return;
  }
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'tumbleweed-template-'));
  const file = path.join(folder, 'pgdata.tar');
  const database = await openDatabase({ databaseUrl: null });
  try {
    await migrateToLatest(database.db);
    await fs.writeFile(file, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', file);
  return async () => {
    await fs.rm(folder, { recursive: true, force: true });
  };
}
