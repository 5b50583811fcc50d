import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { REPO } from './support/repo-files.js';

// The design's boundaries are enforced by `npm run lint`; each case lints a snippet as if it were that file.
// Those files do not exist, so the type-aware rules' project service would not find them: it types them in
// a default project with the repository's compiler options instead (allowing more than its usual 8 files).
const SNIPPET_FILES = [
  'src/*/x.ts',
  'src/*/*/x.ts',
  'src/*/*/*/x.ts',
  'src/*/*/*/x.tsx',
  'src/server/app-x.ts',
  'src/server/lib/RateLimiter.ts',
];
const eslint = new ESLint({
  cwd: REPO,
  overrideConfig: {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: SNIPPET_FILES,
          defaultProject: 'tsconfig.json',
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 20,
        },
      },
    },
  },
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

// The first case waits while the type-aware rules load the repository's project.
describe('lint guards the design', { timeout: 60_000 }, () => {
  it.each([
    [
      'the web importing the server',
      'src/web/features/chat/x.ts',
      "import '../../../server/app.js';\n",
      /never imports src\/server/,
    ],
    [
      'the server importing the web',
      'src/server/modules/ai/x.ts',
      "import '../../../web/main.js';\n",
      /never imports src\/web/,
    ],
    [
      'a feature importing another feature',
      'src/web/features/editor/x.ts',
      "import '../studio/state/studio-store.js';\n",
      /A feature imports only its own files.*is in src\/web\/features\/studio/,
    ],
    [
      'shared web code importing a feature',
      'src/web/lib/x.ts',
      "import '../features/chat/hooks/ai-reply-store.js';\n",
      /shared by every feature and never imports one/,
    ],
    ['contracts importing Node', 'src/contracts/x.ts', "import 'node:fs';\n", /imports only zod/],
    [
      'contracts importing a database library',
      'src/contracts/x.ts',
      "import 'kysely';\n",
      /imports only zod/,
    ],
    [
      'contracts importing the server',
      'src/contracts/x.ts',
      "import '../server/config.js';\n",
      /neither the server nor the web/,
    ],
    [
      'production code importing test support',
      'src/server/app-x.ts',
      "import './test/factories.js';\n",
      /never imports test code/,
    ],
    [
      'a promise nobody awaits or catches',
      'src/server/modules/ai/x.ts',
      'async function save(): Promise<void> {}\nexport function run(): void {\n  save();\n}\n',
      /no-floating-promises/,
    ],
    [
      'an async event handler, whose rejection nobody would see',
      'src/web/features/chat/x.tsx',
      'export const Save = () => <button onClick={async () => {}}>Save</button>;\n',
      /no-misused-promises/,
    ],
    [
      'a hook called conditionally',
      'src/web/features/chat/x.ts',
      "import { useState } from 'react';\nexport function useX(on: boolean) {\n  if (on) useState(0);\n}\n",
      /rules-of-hooks/,
    ],
    [
      "branching on an error's wording",
      'src/web/features/studio/x.ts',
      "export const busy = (e: Error) => e.message === 'You already have an AI request running';\n",
      /never on its wording/,
    ],
    [
      "searching an error payload's wording",
      'src/server/modules/messages/x.ts',
      "export const busy = (p: { error: string }) => p.error.includes('busy');\n",
      /never on its wording/,
    ],
    [
      'memory importing messaging',
      'src/server/modules/memory/x.ts',
      "import '../messages/messages.repository.js';\n",
      /memory never imports modules\/messages/,
    ],
    [
      'memory importing test code (its boundary keeps the server-wide ones)',
      'src/server/modules/memory/x.ts',
      "import '../../test/factories.js';\n",
      /never imports test code/,
    ],
    [
      'a file name that is not kebab-case',
      'src/server/lib/RateLimiter.ts',
      'export const x = 1;\n',
      /kebab-case/,
    ],
  ])('refuses %s', async (_what, filePath, code, expected) => {
    expect((await problems(filePath, code)).join('\n')).toMatch(expected);
  });

  it.each([
    [
      'contracts importing zod and their own files',
      'src/contracts/x.ts',
      "import 'zod';\nimport './rules.js';\n",
    ],
    [
      'a feature importing its own files, shared web code, the app and contracts',
      'src/web/features/editor/x.ts',
      [
        './lib/note-title.js',
        '../../components/ui/button.js',
        '../../lib/actions-api.js',
        '../../app/routes.js',
        '../../../contracts/actions.js',
        'react',
      ]
        .map((source) => `import '${source}';\n`)
        .join(''),
    ],
    [
      'the app composing features',
      'src/web/app/x.ts',
      "import '../features/editor/index.js';\nimport '../features/studio/state/studio-store.js';\n",
    ],
    [
      'branching on an error code, and checking a message is not empty',
      'src/web/features/studio/x.ts',
      "export const f = (e: { code?: string; message: string }) => e.code === 'ai_busy' || e.message !== '';\n",
    ],
    [
      'a kebab-case module with a role',
      'src/server/modules/ai/prompt-leak-guard.test.ts',
      'export const x = 1;\n',
    ],
  ])('allows %s', async (_what, filePath, code) => {
    expect(await problems(filePath, code)).toEqual([]);
  });
});
