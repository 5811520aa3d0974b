import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './scripts/precompress.ts';

const serverPort = Number(process.env.PORT ?? 3000);

// Zod builds fast object parsers with `new Function` unless told not to, and even its probe for eval
// breaks the page policy (script-src without 'unsafe-eval'). The probe runs as the first object schema
// is made, while the chunks load, before any code of ours could call zod's config(); so the chunk
// that holds Zod starts by setting the global config Zod reads when it loads.
const ZOD_JITLESS = 'globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };';
const holdsZod = (moduleIds: readonly string[]) => moduleIds.some((id) => id.includes('/node_modules/zod/'));

export default defineConfig({
  root: 'src/client',
  publicDir: false,
  plugins: [react(), precompress()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: which chunk each page is, for the server's Link header (http/route-preloads.ts).
    manifest: true,
    rollupOptions: { output: { banner: (chunk) => (holdsZod(chunk.moduleIds) ? ZOD_JITLESS : '') } },
  },
  server: {
    port: 5173,
    host: '127.0.0.1',
    // In development the client is served by Vite and the API by the server: forward to it.
    proxy: Object.fromEntries(['/svc', '/services', '/api', '/healthz', '/publish', '/queue', '/media', '/fast_reblog', '/spam', '/nsfw', '/adult', '/uniblock', '/suspended', '/embed', '^/p/\\d'].map((path) => [path, `http://127.0.0.1:${serverPort}`])),
  },
  test: {
    root: '.',
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/shared/**/*.test.ts', 'src/server/**/*.unit.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'component',
          include: ['src/client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/client/test-setup.ts'],
          // Typing into ProseMirror in jsdom is slow on a busy two-core machine; a timed-out test
          // would also keep typing into the next one.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['src/server/**/*.api.test.ts'],
          environment: 'node',
          // Migrates one embedded database per run; each file's app starts from a copy of it.
          globalSetup: ['src/server/test/pglite-template.ts'],
          // Each file starts its own database; two at a time fits a two-core machine.
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        // The operator's recipe (deploy/): servers, nginx, PostgreSQL and Redis as processes.
        test: { name: 'deploy', include: ['deploy/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 180_000 },
      },
    ],
  },
});
