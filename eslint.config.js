import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tumbleweed from './scripts/eslint/area-cycles.js';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.e2e', '.scratch', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      'no-console': ['error', { allow: ['warn', 'error'] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // No import cycle, of modules anywhere in src or of the server's and the client's areas
    // (scripts/eslint/area-cycles.js): docs/architecture.md shows the layers and what may import what.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { tumbleweed },
    rules: { 'tumbleweed/module-cycles': ['error', { root: 'src', unit: 'file' }] },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'tumbleweed/area-cycles': ['error', { root: 'src/server' }] },
  },
  {
    // The client's areas too: pages and areas import post/, ui/, page/, api/ and logging downward.
    files: ['src/client/**/*.{ts,tsx}'],
    rules: { 'tumbleweed/area-cycles': ['error', { root: 'src/client' }] },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // One path renders post HTML and embeds: SanitizedHtml, which sandboxes iframes before they load.
    files: ['src/client/**/*.tsx'],
    ignores: ['src/client/ui/SanitizedHtml.tsx'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
        message: 'Render post HTML with SanitizedHtml (ui/SanitizedHtml.tsx): it sandboxes embedded frames.',
      }],
    },
  },
  {
    // Command-line entry points talk to a person on the terminal.
    files: ['src/server/main.ts', 'bench/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
