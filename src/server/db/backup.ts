// Backups of the embedded database (PGlite in DATA_DIR/pgdata) and the local media folder, while
// the server runs. PGlite belongs to one process: another process must not open its folder, and a
// plain copy of the folder under a running writer is not consistent (files copied at different
// moments). So the running server makes the snapshot itself: asked on a Unix socket in DATA_DIR
// (only who may read DATA_DIR may connect), it checkpoints, then takes PGlite's dumpDataDir, which
// reads every file of the folder in one synchronous step: no query runs in between, so the copy is
// the folder as one instant left it (a transaction in flight is rolled back when it is opened, as
// after a power cut), and the checkpoint leaves little write-ahead log to replay. Media files are
// named by their content and written under a temporary name first, so copying the folder after the
// database gives every file the database names.
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import type { DatabaseHandle } from './database';
import { createPglite, loadPgliteDir } from './pglite';
import type { Log } from '../log';

export const BACKUP_SOCKET = 'backup.sock';
const DATABASE_FILE = 'pgdata.tar.gz';
const MANIFEST_FILE = 'backup.json';

export const backupSocketOf = (dataDir: string) => path.join(dataDir, BACKUP_SOCKET);
const pgdataOf = (dataDir: string) => path.join(dataDir, 'pgdata');

/** The database's snapshot as a gzipped tar of its folder, after a checkpoint. */
async function snapshot(database: DatabaseHandle): Promise<Buffer> {
  await sql`CHECKPOINT`.execute(database.db);
  return Buffer.from(await (await database.dumpDataDir!('gzip')).arrayBuffer());
}

/**
 * In the server of the embedded database: each connection to DATA_DIR/backup.sock is answered with
 * one header line (JSON: ok and bytes, or the error's message) and then the snapshot. One snapshot
 * at a time; the returned stop closes the socket and waits for the one in progress.
 */
export async function serveBackups(database: DatabaseHandle, dataDir: string, log: Log<'info' | 'error'>): Promise<() => Promise<void>> {
  const socketPath = backupSocketOf(dataDir);
  // A socket file left by a server that did not stop cleanly refuses connections: it goes.
  await fs.rm(socketPath, { force: true });
  let queue: Promise<unknown> = Promise.resolve();
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    const turn = queue.then(async () => {
      try {
        const data = await snapshot(database);
        socket.write(`${JSON.stringify({ ok: true, bytes: data.length })}\n`);
        socket.end(data);
        log.info({ bytes: data.length }, 'database backup taken');
      } catch (error) {
        log.error({ err: error }, 'database backup failed');
        socket.end(`${JSON.stringify({ ok: false, message: error instanceof Error ? error.message : String(error) })}\n`);
      }
    });
    queue = turn;
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(socketPath, resolve));
  await fs.chmod(socketPath, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await queue;
  };
}

/** The running server's snapshot, or null when no server answers on the socket (none runs). */
async function snapshotFromServer(dataDir: string): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(backupSocketOf(dataDir));
    let connected = false;
    socket.on('connect', () => (connected = true));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(null);
      else reject(new Error(`The server stopped answering during the backup: ${error.message}`));
    });
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(10);
      if (newline < 0) return reject(new Error('The server ended the backup without an answer; see its log.'));
      const header = JSON.parse(all.subarray(0, newline).toString()) as { ok: true; bytes: number } | { ok: false; message: string };
      if (!header.ok) return reject(new Error(`The server could not take the backup: ${header.message}`));
      const data = all.subarray(newline + 1);
      if (data.length !== header.bytes) return reject(new Error(`The backup arrived incomplete (${data.length} of ${header.bytes} bytes).`));
      resolve(data);
    });
  });
}

/** No server runs on the folder: it is opened here (nobody else writes it), snapshotted and closed. */
async function snapshotOffline(dataDir: string): Promise<Buffer> {
  const pgdata = pgdataOf(dataDir);
  if (!(await exists(path.join(pgdata, 'PG_VERSION')))) throw new Error(`There is no embedded database in ${pgdata} to back up.`);
  const pglite = await createPglite(pgdata);
  try {
    await pglite.exec('CHECKPOINT');
    return Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await pglite.close();
  }
}

const exists = (file: string) => fs.access(file).then(() => true, () => false);

/** Media files, without the temporary ones of writes in progress. */
const finishedFiles = (source: string) => !source.endsWith('.part');

export interface BackupResult {
  /** 'server': the running server took the snapshot; 'offline': none ran, the folder was opened here. */
  from: 'server' | 'offline';
  databaseBytes: number;
  /** Media files copied; null when media live in an S3-compatible store (backed up with its own tools). */
  mediaFiles: number | null;
}

/**
 * Backs up DATA_DIR's embedded database and (unless media live in a bucket) its media folder into
 * `out`, which must not exist yet or be empty: pgdata.tar.gz, media/ and backup.json.
 */
export async function backupEmbedded(options: {
  dataDir: string;
  out: string;
  localMedia: boolean;
  /** Whether a server answers anyway (one older than the socket): the folder must not be opened here then. */
  serverAnswers?: () => Promise<boolean>;
}): Promise<BackupResult> {
  const { dataDir, out } = options;
  if ((await exists(out)) && (await fs.readdir(out)).length > 0) throw new Error(`${out} is not empty: name a new folder for the backup.`);
  await fs.mkdir(out, { recursive: true });
  const fromServer = await snapshotFromServer(dataDir);
  if (!fromServer && (await options.serverAnswers?.())) {
    throw new Error('A server is running but does not answer on DATA_DIR/backup.sock (it is older than this command, or runs on another DATA_DIR): restart it on this version, or stop it, then run this again.');
  }
  const database = fromServer ?? (await snapshotOffline(dataDir));
  await fs.writeFile(path.join(out, DATABASE_FILE), database);
  // After the database: every file a row of the snapshot names was in place before that row committed.
  let mediaFiles: number | null = null;
  if (options.localMedia) {
    const media = path.join(dataDir, 'media');
    await fs.mkdir(path.join(out, 'media'));
    if (await exists(media)) await fs.cp(media, path.join(out, 'media'), { recursive: true, filter: finishedFiles });
    mediaFiles = (await fs.readdir(path.join(out, 'media'), { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length;
  }
  const manifest = { made_at: new Date().toISOString(), database: DATABASE_FILE, media: options.localMedia ? 'media' : 'in the S3-compatible store' };
  await fs.writeFile(path.join(out, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return { from: fromServer ? 'server' : 'offline', databaseBytes: database.length, mediaFiles };
}

/** Restores a backup folder into DATA_DIR, which must hold no database yet; the server must not run on it. */
export async function restoreEmbedded(options: { backup: string; dataDir: string }): Promise<{ mediaFiles: number }> {
  const { backup, dataDir } = options;
  const tarball = path.join(backup, DATABASE_FILE);
  if (!(await exists(tarball))) throw new Error(`${backup} is not a backup: it has no ${DATABASE_FILE}.`);
  const pgdata = pgdataOf(dataDir);
  if (await exists(path.join(pgdata, 'PG_VERSION'))) {
    throw new Error(`${dataDir} already holds a database: restore into a new DATA_DIR, or move ${pgdata} away first.`);
  }
  await fs.mkdir(dataDir, { recursive: true });
  await loadPgliteDir(pgdata, new Blob([new Uint8Array(await fs.readFile(tarball))], { type: 'application/x-gzip' }));
  let mediaFiles = 0;
  const media = path.join(backup, 'media');
  if (await exists(media)) {
    await fs.cp(media, path.join(dataDir, 'media'), { recursive: true, force: false });
    mediaFiles = (await fs.readdir(media, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length;
  }
  return { mediaFiles };
}
