// Backs up the embedded database and the local media folder while the server runs:
// `npm run backup [-- FOLDER]` (default backups/tumbleweed-<time>). The running server takes the
// database's snapshot itself (src/server/db/backup.ts); with no server running, the folder is
// opened here. On PostgreSQL, back up with pg_dump instead (docs/deploy.md, "Backups").
import path from 'node:path';
import { backupEmbedded } from '../src/server/db/backup';
import { embeddedConfig, run } from './embedded-script';

const args = process.argv.slice(2);
const config = embeddedConfig(
  args.length <= 1 && !args.some((arg) => arg.startsWith('-')),
  'Usage: npm run backup [-- FOLDER]   (a new or empty folder; default backups/tumbleweed-<time>)',
  'back up PostgreSQL with pg_dump and the media store with its own tools',
);
const out = path.resolve(args[0] ?? path.join('backups', `tumbleweed-${new Date().toISOString().replace(/[:.]/g, '-')}`));

async function serverAnswers(): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${config.port}/healthz`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

await run(async () => {
  const result = await backupEmbedded({ dataDir: config.dataDir, out, localMedia: !config.mediaStore.s3, serverAnswers });
  const media = result.mediaFiles === null ? 'media are in the S3-compatible store: back up the bucket with its own tools' : `${result.mediaFiles} media files`;
  const from = result.from === 'server' ? 'taken by the running server' : 'no server was running';
  console.log(`Backed up ${config.dataDir} into ${out}: database ${(result.databaseBytes / 1e6).toFixed(1)} MB (${from}), ${media}.`);
  console.log(`Restore it with: DATA_DIR=<a new folder> npm run restore -- ${out}`);
});
