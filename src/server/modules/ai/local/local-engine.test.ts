import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_NOT_READY } from '../../../../contracts/ai.js';
import { AiUnavailableError, type AiEngine, type GenerateRequest } from '../engine.js';
import { BUSY_MESSAGE } from './generation-queue.js';
import { createLocalEngine } from './local-engine.js';
import { FIXTURE_MODEL, fixtureModelBytes, memoryLog, waitForState } from '../../../test/local-model.js';

// Tests the mechanics with a real 260K-parameter TinyStories model: it babbles stories, and that is fine.
fixtureModelBytes();

const story: GenerateRequest = {
  messages: [
    { role: 'system', content: 'You tell short stories.' },
    { role: 'user', content: 'Tell me a story.' },
  ],
  temperature: 0,
};

let dataDir: string;
let engine: AiEngine;
const log = memoryLog();

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'local-engine-'));
  engine = createLocalEngine({ model: FIXTURE_MODEL, dataDir, threads: 1, maxQueue: 1, log });
  await waitForState(engine, 'ready');
});

afterAll(async () => {
  await engine?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

describe('local engine with the tiny real model', () => {
  it('reports ready, and names the model in the log', () => {
    expect(engine.status()).toMatchObject({ state: 'ready', provider: 'local' });
    expect(log.lines).toContainEqual(
      expect.stringMatching(/^info: Local AI model stories260K\.gguf is ready/),
    );
  });

  it('generates text', async () => {
    const text = await engine.generate({ ...story, maxOutputTokens: 40 });
    expect(text.trim().length).toBeGreaterThan(10);
  });

  it('streams several chunks that join to the same text generate returns', async () => {
    const request = { ...story, maxOutputTokens: 40 };
    const chunks = await collect(engine.stream(request));
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks.join('')).toBe(await engine.generate(request));
  });

  it('takes prior turns as history', async () => {
    const text = await engine.generate({
      messages: [
        { role: 'user', content: 'Hello' },
        { role: 'assistant', content: 'Once upon a time there was a cat.' },
        { role: 'user', content: 'And then?' },
      ],
      maxOutputTokens: 20,
    });
    expect(text.length).toBeGreaterThan(0);
  });

  it('stops at maxOutputTokens', async () => {
    const short = await collect(engine.stream({ ...story, maxOutputTokens: 5 }));
    const longer = await collect(engine.stream({ ...story, maxOutputTokens: 60 }));
    expect(short.length).toBeGreaterThan(0);
    expect(short.length).toBeLessThanOrEqual(5);
    expect(longer.length).toBeGreaterThan(short.length);
  });

  it('generates fast with one thread (a wrong thread count makes this crawl at about 1 token/s)', async () => {
    const started = performance.now();
    const chunks = await collect(engine.stream({ ...story, maxOutputTokens: 300 }));
    const seconds = (performance.now() - started) / 1000;
    log.info(`tiny model: ${chunks.length} chunks in ${seconds.toFixed(3)} s`);
    expect(chunks.length).toBeGreaterThan(100);
    expect(chunks.length / seconds).toBeGreaterThan(50);
  });

  it('stops a long generation within 1 s of an abort, then serves the next request', async () => {
    const controller = new AbortController();
    const chunks: string[] = [];
    let abortedAt = 0;
    const consumed = (async () => {
      for await (const chunk of engine.stream({ ...story, temperature: 0.8, signal: controller.signal })) {
        chunks.push(chunk);
        if (chunks.length === 20) {
          abortedAt = performance.now();
          controller.abort();
        }
      }
    })();
    await expect(consumed).rejects.toMatchObject({ name: 'AbortError' });
    expect(performance.now() - abortedAt).toBeLessThan(1_000);
    expect(chunks.length).toBeLessThan(200);

    const aborted = new AbortController();
    aborted.abort();
    await expect(engine.generate({ ...story, signal: aborted.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect((await engine.generate({ ...story, maxOutputTokens: 10 })).length).toBeGreaterThan(0);
  });

  it('stops generating when the consumer of a stream stops reading', async () => {
    for await (const chunk of engine.stream({ ...story, maxOutputTokens: 1000 })) {
      expect(chunk).toBeTypeOf('string');
      break;
    }
    // The model is free again at once (the queue holds one waiter at most; this would wait behind a runaway).
    expect((await engine.generate({ ...story, maxOutputTokens: 10 })).length).toBeGreaterThan(0);
  });

  it('runs two requests one after the other', async () => {
    const spans: { first: number; last: number }[] = [];
    const timed = async (request: GenerateRequest) => {
      let first = 0;
      let last = 0;
      for await (const _chunk of engine.stream(request)) {
        first ||= performance.now();
        last = performance.now();
      }
      spans.push({ first, last });
    };
    await Promise.all([timed({ ...story, maxOutputTokens: 80 }), timed({ ...story, maxOutputTokens: 80 })]);

    expect(spans).toHaveLength(2);
    const [a, b] = [...spans].sort((x, y) => x.first - y.first) as [(typeof spans)[0], (typeof spans)[0]];
    expect(b.first).toBeGreaterThanOrEqual(a.last);
  });

  it('refuses with AiUnavailableError when the queue is full, and a waiter that aborts leaves the queue', async () => {
    const running = engine.generate({ ...story, maxOutputTokens: 300 });
    const leaving = new AbortController();
    const waiting = engine.generate({ ...story, maxOutputTokens: 5, signal: leaving.signal });
    const refused = engine.generate({ ...story, maxOutputTokens: 5 });
    await expect(refused).rejects.toBeInstanceOf(AiUnavailableError);
    await expect(refused).rejects.toThrow(BUSY_MESSAGE);

    leaving.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    // Its place is free: a new request may wait again instead of being refused.
    const next = engine.generate({ ...story, maxOutputTokens: 5 });
    await expect(running).resolves.toBeTypeOf('string');
    await expect(next).resolves.toBeTypeOf('string');
  });
});

describe('local engine when the model cannot be used', () => {
  it('is loading at first and refuses calls until ready', async () => {
    const starting = createLocalEngine({
      model: FIXTURE_MODEL,
      dataDir,
      threads: 1,
      maxQueue: 1,
      log: memoryLog(),
    });
    try {
      expect(starting.status().state).toBe('loading');
      await expect(starting.generate(story)).rejects.toThrow(AI_NOT_READY.loading);
      await waitForState(starting, 'ready');
    } finally {
      await starting.close();
    }
    expect(starting.status().state).toBe('unavailable');
    await expect(starting.generate(story)).rejects.toThrow(AI_NOT_READY.closing);
  });

  it('tells the operator the missing file and the variables to set, and people only that AI is not available', async () => {
    const missing = path.join(dataDir, 'nowhere.gguf');
    const brokenLog = memoryLog();
    const broken = createLocalEngine({ model: missing, dataDir, threads: 1, maxQueue: 1, log: brokenLog });
    await waitForState(broken, 'unavailable');
    const { detail } = broken.status();
    expect(detail).toContain(missing);
    expect(detail).toMatch(/LOCAL_MODEL/);
    expect(detail).toMatch(/AI_PROVIDER/);
    const notice = brokenLog.lines.find((line) => line.startsWith('action needed: '));
    expect(notice).toContain(`The AI model file ${missing} does not exist.`);
    expect(notice).toContain('Put the .gguf file there');

    await expect(broken.generate(story)).rejects.toBeInstanceOf(AiUnavailableError);
    await expect(broken.generate(story)).rejects.toThrow(AI_NOT_READY.unavailable);
    await expect(collect(broken.stream(story))).rejects.toThrow(AI_NOT_READY.unavailable);
    await broken.close();
  });

  it('refuses a file that is not a GGUF model', async () => {
    const notModel = path.join(dataDir, 'notes.gguf');
    writeFileSync(notModel, 'these are not weights');
    const broken = createLocalEngine({ model: notModel, dataDir, threads: 1, maxQueue: 1, log: memoryLog() });
    await waitForState(broken, 'unavailable');
    expect(broken.status().detail).toContain(`${notModel} is not a GGUF model file`);
    await broken.close();
  });
});
