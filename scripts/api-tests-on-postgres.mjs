// Runs the API tests a second time on PostgreSQL when DATABASE_URL names one (CI sets it).
import { spawnSync } from 'node:child_process';

if (!process.env.DATABASE_URL) {
  console.log('DATABASE_URL is not set: API tests ran on PGlite only.');
  process.exit(0);
}
const result = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'api'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DB: 'postgres' },
});
process.exit(result.status ?? 1);
