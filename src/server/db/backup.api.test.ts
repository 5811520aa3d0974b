// The embedded database's backup round trip (docs/deploy.md, "Backups"): a server on a DATA_DIR
// with data, a backup taken through it while it serves writes, a restore into a new DATA_DIR, a
// server started on that: the accounts, sessions, posts and media are there, and the posts written
// during the backup are there up to one point, none missing before it.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { readConfig } from '../config';
import { png, upload } from '../media/test-files';
import { asOwner, createPost, textPost } from '../test/posts';
import { get, register } from '../test/test-app';
import { backupEmbedded, restoreEmbedded, serveBackups } from './backup';
import { migrateToLatest, openDatabase } from './database';
import { loadPgliteDir } from './pglite';

const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'tumbleweed-backup-'));
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await fs.rm(scratch, { recursive: true, force: true });
});

/** A server as main.ts makes one on the embedded database in `dataDir`: migrated, answering backups. */
async function serverOn(dataDir: string): Promise<FastifyInstance> {
  const config = readConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000', SEED_DEMO: 'false', LIMIT_REGISTRATIONS_PER_HOUR: '1000' });
  const pgdata = path.join(dataDir, 'pgdata');
  // A new folder starts from the tests' migrated template (initdb and every migration take minutes on a busy machine).
  if (!(await fs.access(path.join(pgdata, 'PG_VERSION')).then(() => true, () => false))) await loadPgliteDir(pgdata, new Blob([await fs.readFile(inject('pgliteTemplate'))]));
  const database = await openDatabase({ databaseUrl: null, pgliteDir: pgdata });
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, logger: false, publisher: false, jobs: false, emails: false });
  const stopBackups = await serveBackups(database, dataDir, app.log);
  closers.push(async () => {
    await stopBackups();
    await app.close();
  });
  return app;
}

describe.skipIf(process.env.TEST_DB === 'postgres')('backup and restore of the embedded database', () => {
  it('copies a running server consistently, and a server starts on the restored copy with everything in it', async () => {
    const dataDir = path.join(scratch, 'data');
    const app = await serverOn(dataDir);
    const ann = await register(app);
    const before = await createPost(app, ann, textPost('Before the backup'));
    const uploaded = await upload(app, asOwner(ann), { data: await png(64, 48), filename: 'p.png' });
    expect(uploaded.statusCode).toBe(200);
    const photo = (uploaded.json() as { response: { url: string }[] }).response[0]!.url;

    // Posts W0, W1, ... one after another until the backup is done.
    let backingUp = true;
    let written = 0;
    const writer = (async () => {
      while (backingUp) {
        await createPost(app, ann, textPost(`W${written}`));
        written++;
      }
    })();
    while (written < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    const writtenWhenBackupStarted = written;
    const out = path.join(scratch, 'backup');
    const result = await backupEmbedded({ dataDir, out, localMedia: true });
    backingUp = false;
    await writer;
    expect(result.from).toBe('server');
    expect(result.mediaFiles).toBeGreaterThan(0);
    // The writes went on while the backup was taken.
    expect(written).toBeGreaterThan(writtenWhenBackupStarted);

    const restoredDir = path.join(scratch, 'restored');
    expect((await restoreEmbedded({ backup: out, dataDir: restoredDir })).mediaFiles).toBe(result.mediaFiles);
    const restored = await serverOn(restoredDir);
    // Ann's session, her account and her posts came along.
    const info = await get(restored, '/svc/user/info', asOwner(ann));
    expect(info.statusCode).toBe(200);
    expect((info.json() as { response: { user: { name: string } } }).response.user.name).toBe(ann.body.response.user.name);
    const { rows } = await sql<{ title: string }>`select content->>'title' as title from posts order by id`.execute(restored.ctx.db);
    const titles = rows.map((p) => p.title);
    expect(titles[0]).toBe('Before the backup');
    expect(await restored.ctx.db.selectFrom('posts').select('id').where('id', '=', before.id).executeTakeFirst()).toBeDefined();
    // One instant's state: every post that was finished when the backup started, then the next ones in order, no gap.
    const during = titles.slice(1);
    expect(during.length).toBeGreaterThanOrEqual(writtenWhenBackupStarted);
    expect(during).toEqual(during.map((_, i) => `W${i}`));
    const served = await get(restored, photo, asOwner(ann));
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\//);
    // The restored server takes writes of its own.
    expect((await createPost(restored, ann, textPost('After the restore'))).id).toBeTruthy();
  }, 300_000);

  it('refuses to restore over a database, and to back up into a folder that holds something', async () => {
    const out = path.join(scratch, 'backup');
    await expect(restoreEmbedded({ backup: out, dataDir: path.join(scratch, 'restored') })).rejects.toThrow(/already holds a database/);
    await expect(backupEmbedded({ dataDir: path.join(scratch, 'data'), out, localMedia: true })).rejects.toThrow(/is not empty/);
    await expect(restoreEmbedded({ backup: scratch, dataDir: path.join(scratch, 'other') })).rejects.toThrow(/is not a backup/);
  });
});
