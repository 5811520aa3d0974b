// `npm start` serves the built client; build it only when it is missing or older than its sources,
// so a restart with an existing build starts at once.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const built = 'dist/client/index.html';

function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sourcesChanged = Math.max(newestSource('src/client'), newestSource('src/shared'), fs.statSync('vite.config.ts').mtimeMs);
if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sourcesChanged) {
  console.log('Building the client...');
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
}
