import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import base from '../../playwright.config.js';

// The e2e suite's servers (app on a fresh database, fake model, fake encyclopedia), but the scenes of
// this folder instead of the specs: pictures are not tests, so `npx playwright test` never runs these.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const servers = base.webServer === undefined ? [] : [base.webServer].flat();

export default defineConfig({
  ...base,
  testDir: 'scenes',
  testMatch: '*.scene.ts',
  outputDir: path.join(ROOT, 'test-results', 'screenshots'),
  globalTeardown: path.join(ROOT, 'e2e', 'support', 'teardown.ts'),
  // A scene that fails once leaves a gap in the set; a retry would hide a flaky picture instead.
  retries: 0,
  // Relative commands (node scripts/start.mjs) run from the repository root, not from this folder.
  webServer: servers.map((server) => ({ ...server, cwd: ROOT })),
  use: { ...base.use, timezoneId: 'UTC', locale: 'en-US', colorScheme: 'light' },
});
