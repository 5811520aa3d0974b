// Compiles the server into one ES module, dist/server/main.js, that plain `node` runs: no compiler
// at run time (tsx costs about 80 MB and a transform per module at start). esbuild, not tsc: the
// sources import each other without extensions, which node's ES module loader does not resolve,
// and a bundle has nothing to resolve. Packages stay imports from node_modules (native modules,
// PGlite's WASM files), and each must be a production dependency, so `npm ci --omit=dev` runs it.
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const SERVER_ENTRY = 'src/server/main.ts';
export const SERVER_BUNDLE = 'dist/server/main.js';

/** Builds the bundle (and its source map, for `node --enable-source-maps`); throws on any error. */
export async function buildServer() {
  const { metafile } = await build({
    entryPoints: [SERVER_ENTRY],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
  });
  const { dependencies } = JSON.parse(fs.readFileSync('package.json', 'utf8'));
  const missing = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const { path: specifier, external } of output.imports) {
      if (!external || specifier.startsWith('node:') || builtinModules.includes(specifier)) continue;
      const name = specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
      if (!dependencies[name]) missing.add(name);
    }
  }
  if (missing.size > 0) {
    fs.rmSync(SERVER_BUNDLE, { force: true });
    throw new Error(`The server imports ${[...missing].join(', ')}, which package.json lists only as a devDependency (or not at all): move it to "dependencies".`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
