// Restores a backup made by `npm run backup` into DATA_DIR, which must hold no database yet:
// `DATA_DIR=/srv/tumbleweed-data npm run restore -- FOLDER`, then start the server on it.
import path from 'node:path';
import { readConfig } from '../src/server/config';
import { restoreEmbedded } from '../src/server/db/backup';

const args = process.argv.slice(2);
if (args.length !== 1 || args[0]!.startsWith('-')) {
  console.error('Usage: DATA_DIR=<a new folder> npm run restore -- BACKUP_FOLDER');
  process.exit(2);
}
const config = readConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: this restores the embedded database only; restore PostgreSQL with pg_restore (docs/deploy.md, "Backups").');
  process.exit(2);
}
try {
  const { mediaFiles } = await restoreEmbedded({ backup: path.resolve(args[0]!), dataDir: config.dataDir });
  console.log(`Restored ${args[0]} into ${config.dataDir} (the database and ${mediaFiles} media files). Start the server on it: npm start`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
