import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Server processes the tests start inherit this: they share a busy machine with the tests, and a server that
// sheds load would fail them at random. Overload tests turn the protection on with their own setting.
const SERVER_TEST_ENV = { OVERLOAD_MAX_EVENT_LOOP_DELAY: '0' };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'src/server/**/*.test.ts',
            'src/contracts/**/*.test.ts',
            'scripts/**/*.test.ts',
            'test/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', 'src/server/**/*.scaleout.test.ts'],
          env: SERVER_TEST_ENV,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        // Needs PostgreSQL and Redis; `npm test` leaves it out and .ci/run runs it on its own.
        test: {
          name: 'scaleout',
          environment: 'node',
          include: ['src/server/**/*.scaleout.test.ts'],
          env: SERVER_TEST_ENV,
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
        },
      },
    ],
  },
});
