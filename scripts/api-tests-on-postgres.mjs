// Runs the API tests a second time on PostgreSQL when DATABASE_URL names one (CI sets it).
import { spawnSync } from 'node:child_process';

if (!process.env.DATABASE_URL) {
  console.log('DATABASE_URL is not set: API tests ran on PGlite only.');
  process.exit(0);
}
// One file at a time: fewer pools on the server and steadier timings on a small machine. (Each file
// works in a schema of its own; test-app.ts migrates and drops schemas under one advisory lock.)
const result = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'api', '--maxWorkers=1'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DB: 'postgres' },
});
process.exit(result.status ?? 1);
