import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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
