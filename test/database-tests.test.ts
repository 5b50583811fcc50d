import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseTests, importClosure, readsASwitch, serverTestFiles } from './support/database-tests.js';
import { isTestCode, REPO } from './support/repo-files.js';

/**
 * Test files that open a database without TEST_DATABASE_URL, so CI's PostgreSQL pass leaves them out, each with
 * why that is right. A new one fails below until it either goes through src/server/test/test-db.ts or says here
 * why it must not.
 */
const SQLITE_ONLY: Record<string, string> = {
  'src/server/performance/sqlite-checkpointer.test.ts': "SQLite's write-ahead-log checkpoints",
  'src/server/modules/search/message-index.test.ts': "SQLite's indexing batches",
  'src/server/modules/ai/ai-not-ready.test.ts':
    'a server process started like `npm start`, on its SQLite file',
  'src/server/modules/messages/crash-durability.test.ts':
    'a server process killed and restarted on its SQLite file',
  'src/server/start-flags.test.ts': 'the node flags of a server process on its SQLite file',
  'src/server/plugins/connection-cap.test.ts': "a server process's open-files limit, on its SQLite file",
  'src/server/listen-backlog.test.ts': "a server process's listen backlog, on its SQLite file",
  'src/server/moderator-cli.test.ts': 'the operator’s moderator command on the SQLite file of DATA_DIR',
  'src/server/test/server-process.test.ts':
    'a server process on its SQLite file, ended with the process that started it',
};

/** Ways test code opens a database of its own: the app's opener, a driver, or a whole server process. */
const OPENS_A_DATABASE = /\bopenDatabase\(|from 'better-sqlite3'|from 'pg'|\bstartServerProcess\(/;

function opensADatabase(file: string): boolean {
  return [...importClosure(path.join(REPO, file))].some(
    (loaded) =>
      isTestCode(path.relative(REPO, loaded)) && OPENS_A_DATABASE.test(fs.readFileSync(loaded, 'utf8')),
  );
}

describe("CI's PostgreSQL pass (the vitest project server-db)", () => {
  const selected = databaseTests();
  const rest = serverTestFiles().filter((file) => !selected.includes(file));

  it('takes the tests that build their server or database from the test helpers', () => {
    expect(selected).toEqual(
      expect.arrayContaining([
        'src/server/db/database.test.ts',
        'src/server/modules/accounts/signup-login.test.ts',
        'src/server/modules/messages/messages.test.ts',
      ]),
    );
  });

  it('leaves out only tests whose database never moves to PostgreSQL, each named with its reason', () => {
    expect(rest.filter(opensADatabase).sort()).toEqual(Object.keys(SQLITE_ONLY).sort());
  });

  it('follows a switch through every kind of import', () => {
    const helper = path.join(REPO, 'src/server/test/test-server.ts');
    // test-server.ts reads TEST_REDIS_URL itself and TEST_DATABASE_URL through test-db.ts.
    expect(readsASwitch([helper])).toBe(true);
    expect([...importClosure(helper)].map((file) => path.relative(REPO, file))).toContain(
      path.join('src', 'server', 'test', 'test-db.ts'),
    );
    expect(readsASwitch(importClosure(path.join(REPO, 'src/server/lib/ids.test.ts')))).toBe(false);
  });
});
