import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { REPO } from './support/repo-files.js';

// The design's boundaries are enforced by `npm run lint`; each case lints a snippet as if it were that file.
const eslint = new ESLint({ cwd: REPO });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

describe('lint guards the design', () => {
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
      'a kebab-case module with a role',
      'src/server/modules/ai/prompt-leak-guard.test.ts',
      'export const x = 1;\n',
    ],
  ])('allows %s', async (_what, filePath, code) => {
    expect(await problems(filePath, code)).toEqual([]);
  });
});
