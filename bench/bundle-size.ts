import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLIENT = path.join(ROOT, 'dist/client');
const ASSETS = path.join(CLIENT, 'assets');

export type BundleResult =
  | {
      ok: true;
      /** Built by this run, or found already built (then: when). */
      builtNow: boolean;
      builtAt: Date;
      totalGzip: number;
      fileCount: number;
      /** The chunks index.html loads up front: the shell. */
      initialGzip: number;
      initialFiles: string[];
    }
  | { ok: false; reason: string };

function build(timeoutMs = 120_000): Promise<string | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code === 0 ? null : `vite build failed (${signal ?? code}):\n${output.trim().slice(-2000)}`);
    });
  });
}

const gzipSize = (file: string) => gzipSync(fs.readFileSync(file)).length;

/** Scripts and module preloads in index.html, as paths under dist/client. */
function initialChunks(html: string): string[] {
  const refs = [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+\.js)"/g)].map((m) => m[1]!);
  return [...new Set(refs)].map((ref) => ref.replace(/^\//, ''));
}

/** Gzipped JavaScript of the production client; builds it first when dist/client is missing. */
export async function measureBundle(): Promise<BundleResult> {
  let builtNow = false;
  if (!fs.existsSync(path.join(CLIENT, 'index.html'))) {
    const failure = await build();
    if (failure) return { ok: false, reason: failure };
    builtNow = true;
  }
  const indexHtml = path.join(CLIENT, 'index.html');
  const files = fs.existsSync(ASSETS) ? fs.readdirSync(ASSETS).filter((f) => f.endsWith('.js')) : [];
  const initialFiles = initialChunks(fs.readFileSync(indexHtml, 'utf8'));
  return {
    ok: true,
    builtNow,
    builtAt: fs.statSync(indexHtml).mtime,
    totalGzip: files.reduce((sum, f) => sum + gzipSize(path.join(ASSETS, f)), 0),
    fileCount: files.length,
    initialGzip: initialFiles.reduce((sum, f) => sum + gzipSize(path.join(CLIENT, f)), 0),
    initialFiles,
  };
}
