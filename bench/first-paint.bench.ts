/**
 * First paint of the login page against a static page of the same transfer size (issue 14, item 6).
 * The app is the real build (dist/, as `npm start` serves it) in its own process; the reference is a
 * node:http server answering one HTML file padded to the bytes the login page transfers, sent with the
 * login page's own security headers, as this site would send any static page (the budget's yardstick),
 * and once more without them (printed for comparison). Each load runs in a fresh browser context
 * (nothing cached), the three pages interleaved, on the bare loopback and on a throttled link.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Request } from 'playwright-core';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/support/chromium.js';
import { startServerProcess, type ServerProcess } from '../src/server/test/server-process.js';
import { loadAverage } from './lib/process-stats.js';
import { budgetLine, formatSpread, interleaved, spread } from './lib/stats.js';

const ROUNDS = 21;
const BUDGET_RATIO = 2;
/** The login screen (SPEC §2: / and /auth). */
const LOGIN_PATH = '/auth';
const LOAD_TIMEOUT_MS = 60_000;
const ROOT = path.resolve(import.meta.dirname, '..');

/** Network.emulateNetworkConditions parameters; throughput in bytes per second, latency per request. */
interface Link {
  offline: false;
  latency: number;
  downloadThroughput: number;
  uploadThroughput: number;
}
const CONDITIONS: Array<{ name: string; link: Link | null }> = [
  { name: 'loopback, no throttling', link: null },
  {
    name: 'throttled: 1.6 Mbps down, 750 kbps up, 150 ms RTT',
    link: { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 },
  },
];

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Builds dist/ when it is missing or stale, as `npm start` would. */
function ensureBuild(): void {
  const result = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`the build failed (exit ${result.status ?? result.signal})`);
}

interface Transfer {
  /** Bytes on the wire (headers and encoded bodies) of every response the page needed. */
  total: number;
  requests: number;
  js: { files: number; raw: number; wire: number; encodings: string };
  /** The document's response headers that any page of the site carries (its security policy). */
  siteHeaders: Record<string, string>;
}

/**
 * Headers that describe one response's body or its caching rather than the site's policy; the reference
 * sets its own.
 */
const BODY_HEADERS = new Set([
  'cache-control',
  'connection',
  'content-encoding',
  'content-length',
  'content-type',
  'date',
  'etag',
  'keep-alive',
  'last-modified',
  'set-cookie',
  'transfer-encoding',
  'vary',
]);

/** Loads the login page once, until the form shows and the network is quiet, and adds up what came. */
async function measureTransfer(browser: Browser, url: string): Promise<Transfer> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const finished: Request[] = [];
    page.on('requestfinished', (request) => finished.push(request));
    const document = await page.goto(url, { waitUntil: 'networkidle', timeout: LOAD_TIMEOUT_MS });
    await page.getByRole('button', { name: 'Log in' }).waitFor({ timeout: LOAD_TIMEOUT_MS });
    const headers = (await document?.allHeaders()) ?? {};
    const transfer: Transfer = {
      total: 0,
      requests: finished.length,
      js: { files: 0, raw: 0, wire: 0, encodings: '' },
      siteHeaders: Object.fromEntries(
        Object.entries(headers).filter(([name]) => !BODY_HEADERS.has(name.toLowerCase())),
      ),
    };
    const encodings = new Set<string>();
    for (const request of finished) {
      const sizes = await request.sizes();
      transfer.total += sizes.responseHeadersSize + sizes.responseBodySize;
      if (!/\.m?js$/.test(new URL(request.url()).pathname)) continue;
      const response = await request.response();
      transfer.js.files += 1;
      transfer.js.wire += sizes.responseBodySize;
      transfer.js.raw += (await response?.body())?.length ?? 0;
      encodings.add((await response?.headerValue('content-encoding')) ?? 'identity');
    }
    transfer.js.encodings = [...encodings].join(', ');
    return transfer;
  } finally {
    await context.close();
  }
}

/**
 * The reference: one HTML file of `bytes`, uncompressed, its text first and the padding after it, as a
 * page of that weight written by hand would be: it can paint as soon as its first bytes arrive. That is
 * the bar for the login page, whose paint waits for its scripts. `siteHeaders` go with it.
 */
async function startStaticPage(
  bytes: number,
  siteHeaders: Record<string, string>,
): Promise<{ url: string; close: () => Promise<void> }> {
  const head =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Static</title></head>' +
    '<body><h1>Welcome back</h1><p>A static page of the same size.</p><!--';
  const tail = '--></body></html>';
  const body = Buffer.from(head + 'x'.repeat(Math.max(0, bytes - head.length - tail.length)) + tail);
  const server = http.createServer((_req, res) => {
    res.writeHead(200, {
      ...siteHeaders,
      'content-type': 'text/html; charset=utf-8',
      'content-length': body.length,
      'cache-control': 'no-cache',
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** First-contentful-paint of `url` in a fresh context (empty cache), in ms from navigation start. */
async function firstPaint(browser: Browser, url: string, link: Link | null): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    if (link) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', link);
    }
    await page.goto(url, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
    return await page.evaluate(
      (timeoutMs) =>
        new Promise<number>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('no first-contentful-paint')), timeoutMs);
          new PerformanceObserver((list, observer) => {
            const entry = list.getEntriesByName('first-contentful-paint')[0];
            if (!entry) return;
            clearTimeout(timer);
            observer.disconnect();
            resolve(entry.startTime);
          }).observe({ type: 'paint', buffered: true });
        }),
      LOAD_TIMEOUT_MS,
    );
  } finally {
    await context.close();
  }
}

/** One condition: interleaved rounds, the FCPs and their ratios printed, and the budget line. */
async function compare(
  browser: Browser,
  urls: { login: string; static: string; bareStatic: string },
  condition: (typeof CONDITIONS)[number],
): Promise<boolean> {
  const { a: login, b: references } = await interleaved(
    () => firstPaint(browser, urls.login, condition.link),
    async () => ({
      static: await firstPaint(browser, urls.static, condition.link),
      bare: await firstPaint(browser, urls.bareStatic, condition.link),
    }),
    ROUNDS,
  );
  const reference = references.map((r) => r.static);
  const bare = references.map((r) => r.bare);
  const ratioTo = (to: number[]) => login.map((ms, i) => ms / (to[i] ?? Number.NaN));
  console.log(`\n### ${condition.name}`);
  console.log(`login page FCP ms:                        ${formatSpread(spread(login), 0)}`);
  console.log(`static page, the site's headers, FCP ms:  ${formatSpread(spread(reference), 0)}`);
  console.log(`static page, no headers, FCP ms:          ${formatSpread(spread(bare), 0)}`);
  console.log(`login FCP / static FCP without headers (information): ${formatSpread(spread(ratioTo(bare)))}`);
  return budgetLine(`login FCP / static FCP (${condition.name})`, spread(ratioTo(reference)), {
    atMost: BUDGET_RATIO,
  });
}

const failure = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Runs the first-paint benchmark; true when the login page paints within BUDGET_RATIO of the static page. */
export async function runFirstPaintBench(): Promise<boolean> {
  console.log(`load average (1/5/15 min): ${loadAverage()}; ${ROUNDS} interleaved rounds per condition`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'simplified-first-paint-'));
  let server: ServerProcess | undefined;
  let reference: Awaited<ReturnType<typeof startStaticPage>> | undefined;
  let bareReference: Awaited<ReturnType<typeof startStaticPage>> | undefined;
  let browser: Browser | undefined;
  let stage = 'build';
  try {
    ensureBuild();
    stage = 'start the built server';
    // dist/server/server.js serves dist/web beside it, exactly as `npm start` does (run from src/ with tsx,
    // the server would look for the web app in src/web).
    server = await startServerProcess(
      { DATA_DIR: dataDir, AI_PROVIDER: 'off', LOG_LEVEL: 'warn' },
      'dist/server/server.js',
    );
    stage = 'launch Chromium';
    browser = await chromium.launch({ ...CHROMIUM_LAUNCH_OPTIONS, timeout: LOAD_TIMEOUT_MS });
    stage = 'measure the login page';
    const login = `${server.baseUrl}${LOGIN_PATH}`;
    const transfer = await measureTransfer(browser, login);
    console.log(
      `login page ${LOGIN_PATH}: ${transfer.requests} requests, ${kib(transfer.total)} transferred; ` +
        `JS ${transfer.js.files} files, ${kib(transfer.js.raw)} raw, ${kib(transfer.js.wire)} on the wire (${transfer.js.encodings})`,
    );
    console.log(
      `the site's headers the static page gets: ${Object.keys(transfer.siteHeaders).sort().join(', ')}`,
    );
    reference = await startStaticPage(transfer.total, transfer.siteHeaders);
    bareReference = await startStaticPage(transfer.total, {});
    let allOk = true;
    for (const condition of CONDITIONS) {
      // A timeout under one condition is that condition's FAIL; the other still runs.
      const ok = await compare(
        browser,
        { login, static: reference.url, bareStatic: bareReference.url },
        condition,
      ).catch((error: unknown) => {
        console.log(`FAIL login FCP / static FCP (${condition.name}): ${failure(error)}`);
        return false;
      });
      allOk = ok && allOk;
    }
    console.log(`load average after: ${loadAverage()}`);
    return allOk;
  } catch (error) {
    console.log(`FAIL first paint: could not ${stage}: ${failure(error)}`);
    return false;
  } finally {
    await browser?.close().catch(() => undefined);
    await reference?.close();
    await bareReference?.close();
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
