// Restores a backup made by `npm run backup` into DATA_DIR, which must hold no database yet:
// `DATA_DIR=/srv/tumbleweed-data npm run restore -- FOLDER`, then start the server on it.
import path from 'node:path';
import { restoreEmbedded } from '../src/server/db/backup';
import { embeddedConfig, run } from './embedded-script';

const args = process.argv.slice(2);
const config = embeddedConfig(
  args.length === 1 && !args[0]!.startsWith('-'),
  'Usage: DATA_DIR=<a new folder> npm run restore -- BACKUP_FOLDER',
  'this restores the embedded database only; restore PostgreSQL with pg_restore',
);

await run(async () => {
  const { mediaFiles } = await restoreEmbedded({ backup: path.resolve(args[0]!), dataDir: config.dataDir });
  console.log(`Restored ${args[0]} into ${config.dataDir} (the database and ${mediaFiles} media files). Start the server on it: npm start`);
});
