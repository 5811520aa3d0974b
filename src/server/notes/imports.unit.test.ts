import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const IMPORT = /^\s*import\s+(?!type\b)[^;]*?from\s+'(\.{1,2}\/[^']+)'/gm;

/** Every server module a file loads when it runs, following relative imports (type-only ones load nothing). */
function loadedModules(start: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const base = path.resolve(path.dirname(file), spec!);
      const target = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((f) => fs.existsSync(f));
      if (target && target.startsWith(serverDir)) visit(target);
    }
  };
  visit(start);
  return new Set([...seen].map((file) => path.relative(serverDir, file).split(path.sep).join('/')));
}

describe('fast reblog', () => {
  it('runs the reblog command without loading the post form parser', () => {
    // The form parser is the HTTP edge of /svc/post/update: fast reblog builds a typed
    // createReblog input instead of filling in a form for it.
    const loaded = loadedModules(path.join(serverDir, 'notes', 'reblog.ts'));
    expect(loaded).toContain('posts/create-reblog.ts');
    expect(loaded).not.toContain('posts/payload.ts');
  });

  it('is not the only way in: no module of the notes area loads the parser', () => {
    const notes = fs.readdirSync(path.join(serverDir, 'notes')).filter((file) => file.endsWith('.ts') && !file.includes('.test.') && file !== 'notes-test-kit.ts');
    expect(notes.length).toBeGreaterThan(5);
    for (const file of notes) expect([file, loadedModules(path.join(serverDir, 'notes', file)).has('posts/payload.ts')]).toEqual([file, false]);
  });
});
