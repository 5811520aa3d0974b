// What `npm run backup` and `npm run restore` share: they work on the embedded database only, say
// how to use them when the arguments are wrong, and end with a message a person can act on.
import { readConfig, type Config } from '../src/server/config';

/** The config, or exit 2 with `usage` when `argsOk` is false and with `onPostgres` when DATABASE_URL is set. */
export function embeddedConfig(argsOk: boolean, usage: string, onPostgres: string): Config {
  if (!argsOk) {
    console.error(usage);
    process.exit(2);
  }
  const config = readConfig();
  if (config.databaseUrl) {
    console.error(`DATABASE_URL is set: ${onPostgres} (docs/deploy.md, "Backups").`);
    process.exit(2);
  }
  return config;
}

/** Runs the script's work; a failure prints its message alone (no stack) and exits 1. */
export async function run(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
