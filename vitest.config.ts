import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { databaseTests, serverTestFiles } from './test/support/database-tests.js';
import { moduleMockingTests } from './test/support/module-mocks.js';

// Server processes the tests start inherit this: they share a busy machine with the tests, and a server that
// sheds load would fail them at random. Overload tests turn the protection on with their own setting.
const SERVER_TEST_ENV = { OVERLOAD_MAX_EVENT_LOOP_DELAY: '0' };

const serverTest = {
  environment: 'node',
  env: SERVER_TEST_ENV,
  testTimeout: 20_000,
  hookTimeout: 30_000,
} as const;

/**
 * A set of server test files as two projects: `name` shares one module graph per worker (isolate: false), so
 * the app's modules are loaded once per worker instead of once per file, which halves the suite's time
 * (decision 027); `name-isolated` gives each file that replaces a module (vi.mock) a graph of its own.
 */
function serverProjects(name: string, files: string[]): TestProjectInlineConfiguration[] {
  const mocking = moduleMockingTests(files);
  return [
    {
      test: { ...serverTest, name, include: files.filter((file) => !mocking.includes(file)), isolate: false },
    },
    { test: { ...serverTest, name: `${name}-isolated`, include: mocking } },
  ];
}

/**
 * CI's second pass (.ci/run): with TEST_DATABASE_URL and TEST_REDIS_URL set, only the server tests that read
 * them (test/support/database-tests.ts) run again, on PostgreSQL and through Redis; the rest would repeat
 * their SQLite run unchanged. Without those variables the projects do not exist, so a test file named on the
 * command line never runs twice on the same SQLite.
 */
function databaseProjects(): TestProjectInlineConfiguration[] {
  if (!process.env.TEST_DATABASE_URL && !process.env.TEST_REDIS_URL) return [];
  return serverProjects('server-db', databaseTests());
}

export default defineConfig({
  test: {
    projects: [
      ...serverProjects('server', serverTestFiles()),
      ...databaseProjects(),
      {
        // Needs PostgreSQL and Redis; `npm test` leaves it out and .ci/run runs it on its own.
        test: {
          ...serverTest,
          name: 'scaleout',
          include: ['src/server/**/*.scaleout.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test/setup.ts'],
          // CI runs this beside the browser suite and the PostgreSQL pass on two cores; a test that waits on
          // rendering takes seconds there, not the default five.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
