// The server's units import downward only (docs/architecture.md): the area-cycle lint rule finds a
// cycle between two areas made through different files, leaves type-only imports alone, and finds
// none in the server as it is.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import tumbleweed from '../../scripts/eslint/area-cycles.js';

async function lintTree(root: string, unit: 'area' | 'file' = 'area') {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        linterOptions: { reportUnusedDisableDirectives: 'off' },
        plugins: { tumbleweed },
        rules: { 'tumbleweed/area-cycles': ['error', { root: '.', unit }] },
      },
    ],
  });
  const results = await eslint.lintFiles(['**/*.ts']);
  return results.flatMap((r) => r.messages.map((m) => `${path.relative(root, r.filePath)}: ${m.message}`));
}

describe('the area-cycle rule', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'area-cycles-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };

  it('reports two areas that import each other through different files, and not a type-only import', async () => {
    write('posts/service.ts', "import { card } from '../blogs/card';\nexport const save = () => card;\n");
    write('posts/views.ts', 'export const url = 1;\n');
    write('blogs/card.ts', "import { url } from '../posts/views';\nexport const card = url;\n");
    write('blogs/types.ts', "import type { Row } from '../notes/row';\nexport type Blog = Row;\n");
    write('notes/row.ts', "import { card } from '../blogs/card';\nexport type Row = typeof card;\n");
    const messages = await lintTree(dir);
    expect(messages).toHaveLength(2);
    expect(messages.join('\n')).toContain('blogs → posts → blogs');
    expect(messages.join('\n')).toContain('posts → blogs → posts');
  });
});

describe('the module-cycle mode', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'module-cycles-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };

  it('reports two modules of one folder that import each other, through a folder index too', async () => {
    write('feed/a.ts', "import { b } from './b';\nexport const a = b;\n");
    write('feed/b.ts', "import { c } from '../ui';\nexport const b = c;\n");
    write('ui/index.ts', "import { a } from '../feed/a';\nexport const c = a;\n");
    write('feed/d.ts', "import { a } from './a';\nexport const d = a;\n");
    const messages = await lintTree(dir, 'file');
    expect(messages).toHaveLength(3);
    expect(messages.join('\n')).toContain('feed/a → feed/b → ui/index → feed/a');
    expect(messages.join('\n')).not.toContain('feed/d');
  });
});

describe('the server', () => {
  it('has no import cycle between its areas', async () => {
    expect(await lintTree(path.resolve(import.meta.dirname))).toEqual([]);
  }, 60_000);
});
