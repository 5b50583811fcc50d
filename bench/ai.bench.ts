/**
 * AI relay overhead: time to first token and completeness through /api/ai/getAI/stream, against
 * calling the same fake OpenAI-compatible provider directly, at 1 and 20 concurrent users: after a warm-up,
 * three rounds of direct then relay (interleaved), the median round's added p95 deciding.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SelfUser } from '../src/contracts/users.js';
import { TestClient } from '../src/server/test/http-client.js';
import { startServerProcess } from '../src/server/test/server-process.js';
import { loadAverage } from './lib/process-stats.js';
import { budgetLine, interleaved, percentile as percentileSorted, spread } from './lib/stats.js';

const WORDS = 60;
const REPLY = Array.from({ length: WORDS }, (_, i) => `token${i}`).join(' ');
/** Three waves of the level's users, and at least 20 answers for a p95. */
const requestsAt = (concurrency: number) => Math.max(20, 3 * concurrency);
const LEVELS = [1, 20];
const ADDED_TTFT_P95_BUDGET_MS = 50;

interface Sample {
  ttft: number;
  total: number;
  complete: boolean;
}

/** Hosted models stream roughly 30 to 100 tokens a second; the fake sends 50. */
const CHUNK_DELAY_MS = 20;

/** Reads a streamed body, noting when the first byte of text arrived. */
async function timed(request: () => Promise<Response>, extract: (raw: string) => string): Promise<Sample> {
  const t0 = performance.now();
  const res = await request();
  if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
  let ttft = 0;
  let raw = '';
  const decoder = new TextDecoder();
  for await (const part of res.body as unknown as AsyncIterable<Uint8Array>) {
    raw += decoder.decode(part, { stream: true });
    if (!ttft && extract(raw).length > 0) ttft = performance.now() - t0;
  }
  return { ttft, total: performance.now() - t0, complete: extract(raw) === REPLY };
}

/** The text inside an SSE body of chat.completion.chunk events. */
function sseText(raw: string): string {
  let text = '';
  for (const line of raw.split('\n')) {
    if (!line.startsWith('data: {')) continue;
    const event = JSON.parse(line.slice(6)) as { choices: Array<{ delta: { content?: string } }> };
    text += event.choices[0]?.delta.content ?? '';
  }
  return text;
}

/** The p-th percentile of unsorted values. */
function percentile(values: number[], p: number): number {
  return percentileSorted(
    [...values].sort((a, b) => a - b),
    p,
  );
}

async function level(concurrency: number, run: (worker: number) => Promise<Sample>): Promise<Sample[]> {
  const samples: Sample[] = [];
  let issued = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (issued < requestsAt(concurrency)) {
        issued += 1;
        samples.push(await run(worker));
      }
    }),
  );
  return samples;
}

/** Runs the relay benchmark; true when the added p95 time to first token is in budget and nothing is lost. */
export async function runAiBench(): Promise<boolean> {
  const fake = await startServerProcess(
    { FAKE_WORDS: String(WORDS), FAKE_CHUNK_DELAY_MS: String(CHUNK_DELAY_MS) },
    'bench/ai/fake-provider-process.ts',
  );
  const fakeApi = `${fake.baseUrl}/v1`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'simplified-ai-bench-'));
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: fakeApi,
    AI_MODEL: 'fake-model',
    AI_RATE_LIMIT: '1000000',
    AUTH_RATE_LIMIT: '1000000',
    LOG_LEVEL: 'warn',
  });
  let ok = true;
  let lostTokens = 0;
  const addedByLevel = new Map<number, number[]>();
  try {
    const users: TestClient[] = [];
    for (let i = 0; i < Math.max(...LEVELS); i += 1) {
      const client = new TestClient(server.baseUrl);
      const res = await client.post<SelfUser>('/api/users/signup', {
        name: `AI bench ${i}`,
        username: `aibench_${Date.now().toString(36)}${i}`,
        email: `aibench${Date.now()}${i}@example.com`,
        password: 'benchmark password',
      });
      if (res.status !== 201) throw new Error('signup failed');
      users.push(client);
    }
    const direct = () =>
      timed(
        () =>
          fetch(`${fakeApi}/chat/completions`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              model: 'fake-model',
              stream: true,
              messages: [{ role: 'user', content: 'go' }],
            }),
          }),
        sseText,
      );
    const relay = (worker: number) =>
      timed(
        () =>
          fetch(`${server.baseUrl}/api/ai/getAI/stream`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: users[worker]?.cookieHeader ?? '' },
            body: JSON.stringify({ message: 'go' }),
          }),
        (raw) => raw,
      );
    console.log(`load average ${loadAverage()}`);
    console.log(
      '| concurrent users | round | direct TTFT p50 / p95 | relay TTFT p50 / p95 | added p95 | added per token | incomplete |',
    );
    console.log('|---|---|---|---|---|---|---|');
    const ttfts = (samples: Sample[]) => samples.map((x) => x.ttft);
    const mean = (samples: Sample[]) => samples.reduce((sum, x) => sum + x.total, 0) / samples.length;
    const f = (samples: Sample[], p: number) => percentile(ttfts(samples), p).toFixed(1);
    for (const concurrency of LEVELS) {
      // Unreported: a process's first calls run unoptimised code, the relay's first AI call loads modules, and
      // a level's first burst opens the connections the quieter level before it had no use for.
      await level(concurrency, () => direct());
      await level(concurrency, relay);
      const { a: d, b: r } = await interleaved(
        () => level(concurrency, () => direct()),
        () => level(concurrency, relay),
      );
      const added = r.map((samples, i) => percentile(ttfts(samples), 95) - percentile(ttfts(d[i] ?? []), 95));
      r.forEach((samples, i) => {
        const other = d[i] ?? [];
        const perToken = (mean(samples) - mean(other)) / WORDS;
        const lost = [...samples, ...other].filter((x) => !x.complete).length;
        lostTokens += lost;
        const row = [
          concurrency,
          i + 1,
          `${f(other, 50)} / ${f(other, 95)} ms`,
          `${f(samples, 50)} / ${f(samples, 95)} ms`,
        ];
        console.log(
          `| ${[...row, `${(added[i] ?? 0).toFixed(1)} ms`, `${perToken.toFixed(2)} ms`, lost].join(' | ')} |`,
        );
      });
      addedByLevel.set(concurrency, added);
    }
    for (const [concurrency, added] of addedByLevel) {
      ok =
        budgetLine(
          `added TTFT p95 at ${concurrency} concurrent users, ms`,
          spread(added),
          { atMost: ADDED_TTFT_P95_BUDGET_MS },
          1,
        ) && ok;
    }
    ok = lostTokens === 0 && ok;
    console.log(
      `${lostTokens === 0 ? 'PASS' : 'FAIL'} every answer arrived complete (${lostTokens} incomplete)`,
    );
  } finally {
    await server.stop();
    await fake.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return ok;
}
