// The client's areas import downward only (docs/architecture.md): app over the pages' areas, those
// over post/, post/ over the areas a post card shows (notes, share, messaging's send button, the
// blog card), all over ui/, page/, api/ and logging. The area-cycle lint rule finds no cycle.
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import tumbleweed from '../../scripts/eslint/area-cycles.js';

/** The area-cycle rule's findings over the client, and nothing else (its files name other rules). */
async function areaCycles(root: string) {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.{ts,tsx}'],
        languageOptions: { parser: tseslint.parser },
        linterOptions: { reportUnusedDisableDirectives: 'off' },
        plugins: { tumbleweed },
        rules: { 'tumbleweed/area-cycles': ['error', { root: '.' }] },
      },
    ],
  });
  const results = await eslint.lintFiles(['**/*.{ts,tsx}']);
  return results.flatMap((r) =>
    r.messages.filter((m) => m.ruleId === 'tumbleweed/area-cycles').map((m) => `${path.relative(root, r.filePath)}: ${m.message}`),
  );
}

describe('the client', () => {
  it('has no import cycle between its areas', async () => {
    expect(await areaCycles(path.resolve(import.meta.dirname))).toEqual([]);
  }, 120_000);
});
