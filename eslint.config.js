import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries from DESIGN.md §3: contracts import neither side; the web never imports the server. */
const noServerFromWeb = {
  patterns: [
    {
      group: ['**/server/**', '../server/*', '**/src/server/*'],
      message: 'The web never imports src/server.',
    },
  ],
};
const contractsStayPure = {
  patterns: [
    {
      group: ['**/server/**', '**/web/**'],
      message: 'src/contracts imports neither the server nor the web.',
    },
    { group: ['node:*', 'react', 'react-dom'], message: 'src/contracts has no Node or DOM dependencies.' },
  ],
};

/** Test code (test/ folders, *.test.* files, test/fixtures) never ships: production code may not import it. */
const noTestCode = {
  group: ['**/test/**', '**/*.test', '**/*.test.*'],
  message: 'Production code never imports test code or fixtures.',
};
const TEST_FILES = ['**/*.test.{ts,tsx}', '**/test/**'];

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
    files: ['src/server/**', 'scripts/**'],
    ignores: TEST_FILES,
    rules: { 'no-restricted-imports': ['error', { patterns: [noTestCode] }] },
  },
  {
    files: ['src/web/**'],
    ignores: TEST_FILES,
    rules: { 'no-restricted-imports': ['error', { patterns: [...noServerFromWeb.patterns, noTestCode] }] },
  },
  {
    files: ['src/web/**/*.test.{ts,tsx}', 'src/web/**/test/**'],
    rules: { 'no-restricted-imports': ['error', noServerFromWeb] },
  },
  {
    files: ['src/contracts/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...contractsStayPure.patterns, noTestCode] }] },
  },
);
