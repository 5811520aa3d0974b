import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../scripts/precompress';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let clientDir: string;
// Large enough to be compressed (scripts/precompress.ts skips tiny files), and compressible.
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`;
const styles = `${Array.from({ length: 60 }, (_, i) => `.c${i} { color: #00${String(i).padStart(2, '0')}ff; }`).join('\n')}\n`;
const html = `<!doctype html><html lang="en"><head><title>Tumbleweed</title><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root">${'<p>Loading…</p>'.repeat(60)}</div></body></html>`;

beforeAll(async () => {
  // A built client in miniature, compressed the way the build compresses it.
  clientDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tumbleweed-static-'));
  await fs.mkdir(path.join(clientDir, 'assets'));
  await fs.writeFile(path.join(clientDir, 'index.html'), html);
  await fs.writeFile(path.join(clientDir, 'assets', 'index-abc.js'), script);
  await fs.writeFile(path.join(clientDir, 'assets', 'index-abc.css'), styles);
  await fs.writeFile(path.join(clientDir, 'assets', 'tiny-abc.js'), 'export {};');
  await precompressDir(clientDir);
  t = await createTestApp({ clientDir });
});
afterAll(async () => {
  await t.close();
  await fs.rm(clientDir, { recursive: true, force: true });
});

const fetchWith = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

const decode: Record<string, (data: Buffer) => Buffer> = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync };

describe('the build compresses', () => {
  it('writes a .br and a .gz beside each file worth compressing, and leaves tiny ones alone', async () => {
    const names = (await fs.readdir(path.join(clientDir, 'assets'))).sort();
    expect(names).toEqual(['index-abc.css', 'index-abc.css.br', 'index-abc.css.gz', 'index-abc.js', 'index-abc.js.br', 'index-abc.js.gz', 'tiny-abc.js']);
    const brotli = await fs.readFile(path.join(clientDir, 'assets', 'index-abc.js.br'));
    expect(brotli.length).toBeLessThan(script.length / 3);
  });
});

describe('built files on the wire', () => {
  it.each([
    ['/assets/index-abc.js', script, /^text\/javascript|^application\/javascript/],
    ['/assets/index-abc.css', styles, /^text\/css/],
  ])('%s is sent as brotli, else gzip, else as it is, and each decodes to the file', async (url, body, type) => {
    for (const [accept, encoding] of [['br, gzip', 'br'], ['gzip, deflate, br;q=0', 'gzip'], ['gzip', 'gzip'], ['identity', undefined], [undefined, undefined]] as const) {
      const res = await fetchWith(url, accept);
      expect(res.statusCode, String(accept)).toBe(200);
      expect(res.headers['content-encoding'], String(accept)).toBe(encoding);
      expect(res.headers['content-type'], String(accept)).toMatch(type);
      expect(String(res.headers.vary).toLowerCase(), String(accept)).toContain('accept-encoding');
      // A hashed name never changes what it holds.
      expect(res.headers['cache-control'], String(accept)).toBe('public, max-age=31536000, immutable');
      const bytes = encoding ? decode[encoding]!(res.rawPayload) : res.rawPayload;
      expect(bytes.toString('utf8'), String(accept)).toBe(body);
      if (encoding) expect(res.rawPayload.length).toBeLessThan(body.length);
    }
  });

  it('sends a file with no compressed copy as it is', async () => {
    const res = await fetchWith('/assets/tiny-abc.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export {};');
  });

  it('does not serve the compressed copies under their own names', async () => {
    for (const url of ['/assets/index-abc.js.br', '/assets/index-abc.js.gz']) {
      const res = await fetchWith(url, 'br, gzip');
      expect(res.statusCode, url).toBe(404);
    }
  });

  it.each([['/login'], ['/dashboard'], ['/no/such/page'], ['/index.html']])('the page %s is compressed and checked with the server each time', async (url) => {
    const res = await fetchWith(url, 'gzip, deflate, br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(html);
    // The page policy stays on the compressed page.
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });
});
