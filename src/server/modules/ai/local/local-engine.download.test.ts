import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AI_NOT_READY } from '../../../../contracts/ai.js';
import { AiUnavailableError, type AiEngine, type AiStatus } from '../engine.js';
import { createLocalEngine } from './local-engine.js';
import { partFilePath } from './model-download.js';
import { modelsDirectory } from './model-source.js';
import {
  fixtureModelBytes,
  memoryLog,
  startModelServer,
  unreachableUrl,
  waitForState,
} from '../../../test/local-model.js';

// The download path against a plain HTTP server on 127.0.0.1 serving the tiny fixture model: no internet.
const fixture = fixtureModelBytes();

let dataDir: string;
let models: string;
const cleanup: (() => Promise<void>)[] = [];

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'local-engine-download-'));
  models = modelsDirectory(dataDir);
});

afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
  await rm(dataDir, { recursive: true, force: true });
});

function engineFor(model: string) {
  const log = memoryLog();
  const engine = createLocalEngine({ model, dataDir, threads: 1, maxQueue: 2, log });
  cleanup.push(() => engine.close());
  return { engine, log };
}

async function serve(options: Omit<Parameters<typeof startModelServer>[0], 'body'> = {}) {
  const server = await startModelServer({ body: fixture, ...options });
  cleanup.push(() => server.close());
  return server;
}

/** Records every distinct status the engine passes through until it settles. */
async function watch(engine: AiEngine, settled: AiStatus['state']): Promise<AiStatus[]> {
  const seen: AiStatus[] = [engine.status()];
  const timer = setInterval(() => {
    const status = engine.status();
    const last = seen.at(-1);
    if (status.state !== last?.state || status.progress !== last.progress) seen.push(status);
  }, 2);
  try {
    await waitForState(engine, settled);
  } finally {
    clearInterval(timer);
  }
  seen.push(engine.status());
  return seen;
}

describe('local engine downloading its model', () => {
  it('downloads once with progress, then loads and is ready', async () => {
    const server = await serve({ chunkSize: 100_000, chunkDelayMs: 15 });
    const { engine, log } = engineFor(server.url('tiny.gguf'));
    const seen = await watch(engine, 'ready');

    const states = seen.map((status) => status.state).filter((state, i, all) => state !== all[i - 1]);
    expect(states).toEqual(['downloading', 'loading', 'ready']);
    const progress = seen
      .filter((status) => status.state === 'downloading')
      .map((status) => status.progress ?? -1);
    expect(progress[0]).toBe(0);
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.every((value, i) => value >= (progress[i - 1] ?? 0) && value <= 1)).toBe(true);
    expect(readFileSync(path.join(models, 'tiny.gguf')).equals(fixture)).toBe(true);
    expect(log.lines.some((line) => /Downloading tiny\.gguf: 100 %/.test(line))).toBe(true);
    expect(
      await engine.generate({ messages: [{ role: 'user', content: 'Hi' }], maxOutputTokens: 8 }),
    ).not.toBe('');

    // A second start finds the file and does not download again.
    const again = engineFor(server.url('tiny.gguf')).engine;
    await waitForState(again, 'ready');
    expect(server.requests).toHaveLength(1);
  });

  it('refuses calls while downloading, with the progress', async () => {
    const server = await serve({ chunkSize: 50_000, chunkDelayMs: 10 });
    const { engine } = engineFor(server.url());
    await waitForState(engine, 'downloading');
    const refused = engine.generate({ messages: [{ role: 'user', content: 'Hi' }] });
    await expect(refused).rejects.toBeInstanceOf(AiUnavailableError);
    await expect(refused).rejects.toThrow(
      /^The AI is getting ready \(\d+ %\)\. Please try again in a few minutes\.$/,
    );
    await waitForState(engine, 'ready');
  });

  it('resumes after the connection is cut midway and ends with the exact file', async () => {
    const cut = 500_000;
    const server = await serve({ cutFirstAt: cut });
    const { engine, log } = engineFor(server.url('resumed.gguf'));
    await waitForState(engine, 'ready');

    // It resumes from what it kept: the cut, or a little less when fetch drops its last buffered chunk.
    expect(server.requests).toHaveLength(2);
    const resumedAt = Number(/^bytes=(\d+)-$/.exec(server.requests[1]?.range ?? '')?.[1]);
    expect(resumedAt).toBeGreaterThan(0);
    expect(resumedAt).toBeLessThanOrEqual(cut);
    expect(readFileSync(path.join(models, 'resumed.gguf')).equals(fixture)).toBe(true);
    expect(log.lines.join('\n')).toMatch(/Resuming the download of resumed\.gguf/);
  }, 10_000);

  it('after a restart mid-download, continues from the bytes it already has', async () => {
    const server = await serve({ chunkSize: 50_000, chunkDelayMs: 20 });
    const first = engineFor(server.url('restart.gguf')).engine;
    await expect.poll(() => first.status().progress ?? 0, { timeout: 10_000 }).toBeGreaterThan(0.2);
    await first.close();
    const kept = statSync(partFilePath(path.join(models, 'restart.gguf'))).size;
    expect(kept).toBeGreaterThan(0);

    const again = engineFor(server.url('restart.gguf')).engine;
    await waitForState(again, 'ready');
    expect(server.requests.at(-1)).toEqual({ range: `bytes=${kept}-` });
    expect(readFileSync(path.join(models, 'restart.gguf')).equals(fixture)).toBe(true);
  });

  it('rejects and deletes a download that is not a GGUF file', async () => {
    const server = await startModelServer({ body: Buffer.from('<!doctype html><p>Please log in</p>') });
    cleanup.push(() => server.close());
    const url = server.url('broken.gguf');
    const { engine } = engineFor(url);
    await waitForState(engine, 'unavailable');

    const { detail } = engine.status();
    expect(detail).toContain(`${url} did not send a GGUF model file, so the download was deleted`);
    expect(detail).toContain(path.join(models, 'broken.gguf'));
    expect(detail).toMatch(/LOCAL_MODEL/);
    expect(existsSync(models) ? readdirSync(models) : []).toEqual([]);
    await expect(engine.generate({ messages: [{ role: 'user', content: 'Hi' }] })).rejects.toThrow(
      AI_NOT_READY.unavailable,
    );
  });

  it('says which variable to set and where to put the file when the model cannot be downloaded', async () => {
    const url = await unreachableUrl('offline.gguf');
    const { engine, log } = engineFor(url);
    await waitForState(engine, 'unavailable');

    const notice = log.lines.find((line) => line.startsWith('action needed: AI replies are off: '));
    expect(notice).toContain(`Could not download the AI model from ${url}`);
    expect(notice).toContain(`Put the .gguf file at ${path.join(models, 'offline.gguf')}`);
    expect(notice).toMatch(/set LOCAL_MODEL to a \.gguf file/);
    expect(notice).toMatch(/set AI_PROVIDER to a hosted provider/);
    expect(engine.status().detail).toContain(`Could not download the AI model from ${url}`);
  });
});
