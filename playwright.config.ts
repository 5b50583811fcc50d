import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_LAUNCH_OPTIONS } from './e2e/support/chromium.js';

/**
 * Each worker has its own set of servers: the app, on its own database, with the fake model and the fake
 * encyclopedia. Worker n (0, 1, …) has the app on E2E_PORT + 10n (E2E_PORT is 3199 unless set), the fake
 * OpenAI-compatible provider (e2e/support/fake-ai-server.ts) one below it and the fake encyclopedia two below:
 * 3199, 3198, 3197 for the first worker and 3209, 3208, 3207 for the second. E2E_WORKERS (2 unless set) says
 * how many sets to start; --workers cannot go above it.
 */
const PORT = Number(process.env.E2E_PORT ?? 3199);
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
if (!Number.isInteger(WORKERS) || WORKERS < 1)
  throw new Error(`E2E_WORKERS must be 1 or more, not ${WORKERS}`);
const appPort = (worker: number): number => PORT + 10 * worker;

// A fresh data folder for every run, one subfolder per worker. Workers re-read this file, so the folder is
// created once and handed down through the environment.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'simplified-e2e-'));
function dataDir(worker: number): string {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', `worker-${worker}`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

// Playwright sets TEST_PARALLEL_INDEX (0 to workers - 1) in each worker process before it loads this file; the
// runner itself has none and needs no address.
const thisWorker = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
if (thisWorker >= WORKERS)
  throw new Error(`worker ${thisWorker} has no servers: set E2E_WORKERS, not --workers`);

type WebServer = Exclude<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>;

/** One worker's servers: the fakes, then the app that talks to them. */
function serversFor(worker: number): WebServer[] {
  const port = appPort(worker);
  const fakeAiPort = port - 1;
  const fakeWikiPort = port - 2;
  return [
    {
      command: 'node --import tsx e2e/support/fake-ai-server.ts',
      env: { FAKE_AI_PORT: String(fakeAiPort), FAKE_WIKI_PORT: String(fakeWikiPort) },
      url: `http://127.0.0.1:${fakeAiPort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      // Playwright starts the servers one after another, so only the first app builds a missing or stale dist/.
      command: 'node scripts/start.mjs',
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        DATA_DIR: dataDir(worker),
        LOG_LEVEL: 'warn',
        // The suite signs up and logs in more often than a person would; the default limit is 20 a minute.
        AUTH_RATE_LIMIT: '1000',
        // The browser suite shares a busy machine; overload refusals have their own tests.
        OVERLOAD_MAX_EVENT_LOOP_DELAY: '0',
        // Personas answer through the fake provider: real HTTP and SSE, deterministic words.
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: `http://127.0.0.1:${fakeAiPort}/v1`,
        AI_MODEL: 'fake-model',
        // The studio's web lookup asks the fake encyclopedia, never the real one.
        WIKI_API_URL: `http://127.0.0.1:${fakeWikiPort}/w/api.php`,
        // Pushes go to the suite's own fake push service on loopback (e2e/notifications.spec.ts).
        PUSH_ALLOW_LOCAL_ENDPOINTS: 'true',
      },
    },
  ];
}

export default defineConfig({
  testDir: 'e2e',
  globalTeardown: './e2e/support/teardown.ts',
  outputDir: 'test-results',
  workers: WORKERS,
  // A file's tests share what they set up, so a file stays on one worker; files spread over the workers.
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${appPort(thisWorker)}`,
    // Recording a trace costs every test a screencast and a DOM snapshot per action, about a fifth of the suite's
    // CPU (decision 028): CI records one only when it runs a failed test again; locally a failure keeps its own.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  webServer: Array.from({ length: WORKERS }, (_, worker) => serversFor(worker)).flat(),
});
