import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { readConfig } from './config';
import { migrateToLatest, openDatabase } from './db/database';
import { seedDemoData } from './demo/seed';

const config = readConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pgdata'),
});
await migrateToLatest(database.db);

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/client');
const app = await buildApp({ config, database, clientDir });
const demoLogin = config.seedDemo ? await seedDemoData(app.ctx) : null;

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing requests in flight');
  // close() stops accepting, waits for requests in flight, then closes the database (onClose).
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
if (demoLogin) console.log(demoLogin);
const { port } = app.server.address() as AddressInfo;
const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
console.log(`Tumbleweed is running at http://localhost:${port}/ (${where})`);
