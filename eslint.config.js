import js from '@eslint/js';
import path from 'node:path';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Import boundaries from DESIGN.md: contracts import only zod; the web and the server never import each other. */
const noServerFromWeb = { group: ['**/server/**'], message: 'The web never imports src/server.' };
const noWebFromServer = { group: ['**/web/**'], message: 'The server never imports src/web.' };
const contractsStayPure = [
  { group: ['**/server/**', '**/web/**'], message: 'src/contracts imports neither the server nor the web.' },
  // Anything but zod and its own files: no Node, no DOM, no database or HTTP library.
  { regex: '^(?!zod$)(?!\\.{1,2}/)', message: 'src/contracts imports only zod (and its own files).' },
];

/** Test code (test/ folders, *.test.* files, test/fixtures) never ships: production code may not import it. */
const noTestCode = {
  group: ['**/test/**', '**/*.test', '**/*.test.*'],
  message: 'Production code never imports test code or fixtures.',
};
const TEST_FILES = ['**/*.test.{ts,tsx}', '**/test/**'];
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/** File names are kebab-case (with dotted roles such as .routes.ts or .module.css), as DESIGN.md asks. */
const KEBAB_FILE = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/;
const local = {
  rules: {
    'kebab-case-file': {
      meta: { type: 'suggestion', schema: [], messages: { name: 'File names are kebab-case: {{name}}' } },
      create(context) {
        return {
          Program(node) {
            const name = path.basename(context.filename);
            if (!KEBAB_FILE.test(name)) context.report({ node, messageId: 'name', data: { name } });
          },
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/.artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**', 'e2e/**', 'bench/**', 'scripts/**', 'test/**'],
    plugins: { local },
    rules: { 'local/kebab-case-file': 'error' },
  },
  {
    // Type-aware rules: a promise nobody awaits or catches loses its error, and so does one handed to a
    // callback that expects nothing back (an event handler, a listener).
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // React calls hooks by their order, and an effect or memo that misses a dependency reads stale values.
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  { files: ['scripts/**'], ignores: TEST_FILES, rules: restrict(noTestCode) },
  { files: ['src/server/**'], ignores: TEST_FILES, rules: restrict(noWebFromServer, noTestCode) },
  { files: ['src/server/**/*.test.ts', 'src/server/**/test/**'], rules: restrict(noWebFromServer) },
  { files: ['src/web/**'], ignores: TEST_FILES, rules: restrict(noServerFromWeb, noTestCode) },
  { files: ['src/web/**/*.test.{ts,tsx}', 'src/web/**/test/**'], rules: restrict(noServerFromWeb) },
  { files: ['src/contracts/**'], ignores: TEST_FILES, rules: restrict(...contractsStayPure, noTestCode) },
  { files: ['src/contracts/**/*.test.ts'], rules: restrict(contractsStayPure[0]) },
);
