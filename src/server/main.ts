// The server's entry. One process by default; with WORKERS=N (or auto) a primary migrates the
// database once, then forks N workers that share the port (node:cluster hands each connection to
// one of them), relays the event bus between them over IPC when there is no Redis, replaces a worker
// that dies, and on SIGTERM lets every worker finish its requests before it exits.
import cluster, { type Worker } from 'node:cluster';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { busEventOf } from './bus/bus';
import { readConfig, type Config } from './config';
import { serveBackups } from './db/backup';
import { migrateToLatest, openDatabase } from './db/database';
import { seedDemoData } from './demo/seed';

const config = readConfig();

function openConfiguredDatabase(config: Config) {
  return openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pgdata') });
}

/** One server process: the whole app on the port; a worker when `worker` is true. */
async function serve(config: Config, worker: boolean) {
  const database = await openConfiguredDatabase(config);
  // The primary migrated already; a single process migrates itself.
  if (!worker) await migrateToLatest(database.db);
  const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/client');
  const app = await buildApp({ config, database, clientDir, ipc: worker });
  const demoLogin = !worker && config.seedDemo ? await seedDemoData(app.ctx) : null;
  // The embedded database is backed up through this process (`npm run backup`; db/backup.ts).
  const stopBackups = database.kind === 'pglite' ? await serveBackups(database, config.dataDir, app.log) : null;

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // A backup in progress finishes before the database closes.
    await stopBackups?.();
    // close() stops accepting, waits for requests in flight, then closes the database (onClose).
    await app.close();
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (worker) return;
  if (demoLogin) console.log(demoLogin);
  const { port } = app.server.address() as AddressInfo;
  const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  console.log(`Tumbleweed is running at http://localhost:${port}/ (${where})`);
}

/** The primary of WORKERS=N: migrations and the demo once, then the workers, kept at N until shutdown. */
async function primary(config: Config) {
  if (!config.databaseUrl) {
    console.error('WORKERS above 1 needs PostgreSQL (DATABASE_URL): the embedded database belongs to one process. Set WORKERS=1 or DATABASE_URL.');
    process.exit(1);
  }
  const database = await openConfiguredDatabase(config);
  await migrateToLatest(database.db);
  if (config.seedDemo) {
    // The demo is made through an app of its own, closed again before the workers start.
    const app = await buildApp({ config, database, publisher: false, jobs: false, emails: false, logger: false });
    const demoLogin = await seedDemoData(app.ctx);
    await app.close();
    if (demoLogin) console.log(demoLogin);
  } else {
    await database.close();
  }

  let closing = false;
  const relay = (from: Worker, message: unknown) => {
    if (!busEventOf(message)) return;
    for (const other of Object.values(cluster.workers ?? {})) {
      if (other && other !== from && other.isConnected()) other.send(message as object);
    }
  };
  const fork = () => {
    const worker = cluster.fork();
    // Without Redis the workers' events meet here: each goes on to every other worker.
    if (!config.redisUrl) worker.on('message', (message: unknown) => relay(worker, message));
    return worker;
  };
  cluster.on('exit', (worker, code, signal) => {
    if (closing) return;
    console.error(`Worker ${worker.process.pid} stopped (${signal ?? code}); starting another.`);
    fork();
  });
  let listening = 0;
  cluster.on('listening', () => {
    listening++;
    if (listening === config.workers) {
      console.log(`Tumbleweed is running at http://localhost:${config.port}/ (PostgreSQL, ${config.workers} workers${config.redisUrl ? ', Redis bus' : ''})`);
    }
  });
  for (let i = 0; i < config.workers; i++) fork();

  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => Boolean(worker));
    let left = workers.length;
    if (left === 0) process.exit(0);
    // Each worker finishes its requests in flight, then exits; the primary goes last.
    for (const worker of workers) {
      worker.once('exit', () => {
        left--;
        if (left === 0) process.exit(0);
      });
      worker.process.kill(signal);
    }
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

if (config.workers > 1 && cluster.isPrimary) await primary(config);
else await serve(config, cluster.isWorker);
