import { defineConfig } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_LAUNCH_OPTIONS } from './e2e/support/chromium.js';

// E2E_PORT moves the whole set (app, fake model, fake encyclopedia) when those ports are taken.
const PORT = Number(process.env.E2E_PORT ?? 3199);
/** The fake OpenAI-compatible provider (e2e/support/fake-ai-server.ts) the app's AI talks to. */
const FAKE_AI_PORT = PORT - 1;
const FAKE_WIKI_PORT = PORT - 2;

// A fresh database for every run. Workers re-read this file, so the directory is created once and
// handed down through the environment.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'simplified-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  globalTeardown: './e2e/support/teardown.ts',
  outputDir: 'test-results',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  webServer: [
    {
      command: 'node --import tsx e2e/support/fake-ai-server.ts',
      env: { FAKE_AI_PORT: String(FAKE_AI_PORT), FAKE_WIKI_PORT: String(FAKE_WIKI_PORT) },
      url: `http://127.0.0.1:${FAKE_AI_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: 'node scripts/start.mjs',
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        DATA_DIR: process.env.E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        // The suite signs up and logs in more often than a person would; the default limit is 20 a minute.
        AUTH_RATE_LIMIT: '1000',
        // The browser suite shares a busy machine; overload refusals have their own tests.
        OVERLOAD_MAX_EVENT_LOOP_DELAY: '0',
        // Personas answer through the fake provider: real HTTP and SSE, deterministic words.
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: `http://127.0.0.1:${FAKE_AI_PORT}/v1`,
        AI_MODEL: 'fake-model',
        // The studio's web lookup asks the fake encyclopedia, never the real one.
        WIKI_API_URL: `http://127.0.0.1:${FAKE_WIKI_PORT}/w/api.php`,
      },
    },
  ],
});
