// `npm start` runs the built client and the compiled server; build each only when it is missing or
// older than its sources, so a restart with an existing build starts at once.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer, SERVER_BUNDLE } from './build-server.mjs';

function newest(...paths) {
  let latest = 0;
  for (const p of paths) {
    const stat = fs.statSync(p);
    if (!stat.isDirectory()) {
      latest = Math.max(latest, stat.mtimeMs);
      continue;
    }
    for (const entry of fs.readdirSync(p)) latest = Math.max(latest, newest(path.join(p, entry)));
  }
  return latest;
}

const stale = (built, ...sources) => !fs.existsSync(built) || fs.statSync(built).mtimeMs < newest(...sources);

if (stale('dist/client/index.html', 'src/client', 'src/shared', 'vite.config.ts')) {
  console.log('Building the client...');
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
}
// package.json: a dependency moved between lists changes what the bundle may import.
if (stale(SERVER_BUNDLE, 'src/server', 'src/shared', 'scripts/build-server.mjs', 'package.json', 'tsconfig.json')) {
  console.log('Building the server...');
  await buildServer();
}
