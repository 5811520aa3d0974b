// Makes a user an admin (the moderation switches and the reports list), or no longer one with
// --remove: `npm run admin -- ann@example.com [--remove]`. It opens the database the server is
// configured with (DATABASE_URL, else the embedded one in DATA_DIR). The embedded database takes
// one process at a time: the server must be stopped first (a server answering on PORT is refused).
import path from 'node:path';
import { readConfig } from '../src/server/config';
import { migrateToLatest, openDatabase } from '../src/server/db/database';

/** Whether a server answers on this machine's port: two processes must not open one embedded database. */
async function serverAnswers(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

const args = process.argv.slice(2);
const remove = args.includes('--remove');
const emails = args.filter((arg) => arg !== '--remove');
if (emails.length !== 1) {
  console.error('Usage: npm run admin -- <email> [--remove]');
  process.exit(2);
}
const email = emails[0]!.trim().toLowerCase();

const config = readConfig();
if (!config.databaseUrl && (await serverAnswers(config.port))) {
  console.error(`A server is running on port ${config.port} with the embedded database: stop it first, then run this again.`);
  process.exit(3);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pgdata') });
let status = 0;
try {
  await migrateToLatest(database.db);
  const user = await database.db
    .updateTable('users')
    .set({ is_admin: !remove })
    .where('email', '=', email)
    .returning(['email', 'is_admin'])
    .executeTakeFirst();
  if (!user) {
    console.error(`There is no account with the email ${email}.`);
    status = 1;
  } else {
    console.log(user.is_admin ? `${user.email} is an admin now.` : `${user.email} is no longer an admin.`);
  }
} finally {
  await database.close();
}
// Said outright: the embedded database's runtime resets process.exitCode when it shuts down.
process.exit(status);
