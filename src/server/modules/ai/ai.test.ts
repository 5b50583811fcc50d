import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AI_ERRORS, AI_NOT_READY } from '../../../contracts/ai.js';
import { buildUser, type BuiltUser } from '../../test/factories.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let fake: FakeOpenAi;
let server: TestServer;
let me: BuiltUser;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestServer({
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: fake.baseUrl,
    AI_API_KEY: 'test-key',
    AI_MODEL: 'fake-model',
    AI_TIMEOUT: '2s',
    AI_RATE_LIMIT: '1000',
  });
  me = await buildUser(server.client());
});
beforeEach(() => fake.setDefault({ text: 'Hello from the fake model.' }));
afterAll(async () => {
  await server.close();
  await fake.close();
});

const cookie = () => ({ cookie: me.client.cookieHeader, 'content-type': 'application/json' });

describe('POST /api/ai/getAI', () => {
  it('answers with plain text from the provider', async () => {
    const res = await fetch(`${server.baseUrl}/api/ai/getAI`, {
      method: 'POST',
      headers: cookie(),
      body: JSON.stringify({ message: ' Say hello ' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(await res.text()).toBe('Hello from the fake model.');
    const sent = fake.requests.at(-1);
    expect(sent?.body.model).toBe('fake-model');
    expect(sent?.body.messages).toEqual([{ role: 'user', content: 'Say hello' }]);
    expect(sent?.authorization).toBe('Bearer test-key');
  });

  it('refuses visitors and empty messages', async () => {
    expect((await server.client().post('/api/ai/getAI', { message: 'hi' })).status).toBe(401);
    const empty = await me.client.post('/api/ai/getAI', { message: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: 'message cannot be empty', code: 'invalid_input' });
  });

  it('allows one request in flight per user', async () => {
    fake.enqueue({ text: 'slow answer', firstByteDelayMs: 400 });
    const first = me.client.post('/api/ai/getAI', { message: 'first' });
    await new Promise((r) => setTimeout(r, 100));
    const second = await me.client.post('/api/ai/getAI', { message: 'second' });
    expect(second.status).toBe(429);
    expect(second.body).toEqual({ error: AI_ERRORS.busy, code: 'ai_busy' });
    expect((await first).status).toBe(200);
    const other = await buildUser(server.client());
    expect((await other.client.post('/api/ai/getAI', { message: 'mine' })).status).toBe(200);
  });

  it('turns a provider failure into 502 and a stall into 504, with clear messages', async () => {
    fake.enqueue({ status: 500 });
    const failed = await me.client.post('/api/ai/getAI', { message: 'fail please' });
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual({ error: AI_ERRORS.failed, code: 'ai_failed' });
    fake.enqueue({ text: 'too late', firstByteDelayMs: 3000 });
    const slow = await me.client.post('/api/ai/getAI', { message: 'stall please' });
    expect(slow.status).toBe(504);
    expect(slow.body).toEqual({ error: AI_ERRORS.timeout, code: 'ai_timeout' });
  });
});

describe('POST /api/ai/getAI/stream', () => {
  it('streams the answer in several chunks', async () => {
    fake.enqueue({ text: 'one two three four five six', chunkDelayMs: 30 });
    const res = await fetch(`${server.baseUrl}/api/ai/getAI/stream`, {
      method: 'POST',
      headers: cookie(),
      body: JSON.stringify({ message: 'count' }),
    });
    expect(res.status).toBe(200);
    const chunks: string[] = [];
    const decoder = new TextDecoder();
    for await (const part of res.body as unknown as AsyncIterable<Uint8Array>)
      chunks.push(decoder.decode(part));
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.join('')).toBe('one two three four five six');
  });

  it('cancels generation upstream within a second when the client goes away', async () => {
    fake.enqueue({ text: Array.from({ length: 40 }, (_, i) => `w${i}`).join(' '), chunkDelayMs: 100 });
    const controller = new AbortController();
    const res = await fetch(`${server.baseUrl}/api/ai/getAI/stream`, {
      method: 'POST',
      headers: cookie(),
      body: JSON.stringify({ message: 'talk for a while' }),
      signal: controller.signal,
    });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    const cancelledAt = Date.now();
    controller.abort();
    const upstream = fake.requests.at(-1);
    await expect.poll(() => upstream?.abortedAt, { timeout: 1000, interval: 25 }).toBeDefined();
    expect((upstream?.abortedAt ?? Infinity) - cancelledAt).toBeLessThan(1000);
    expect(upstream?.finishedAt).toBeUndefined();
    await expect
      .poll(async () => (await me.client.post('/api/ai/getAI', { message: 'free again?' })).status)
      .toBe(200);
  });

  it('answers a refusal before the first chunk with a JSON error', async () => {
    fake.enqueue({ status: 503 });
    const res = await me.client.post('/api/ai/getAI/stream', { message: 'fail' });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: AI_ERRORS.failed, code: 'ai_failed' });
  });
});

describe('GET /api/ai/status', () => {
  it('tells a signed-in person the state, and nothing else', async () => {
    expect((await me.client.get('/api/ai/status')).body).toEqual({ state: 'ready' });
  });

  it('tells a visitor nothing', async () => {
    const res = await server.client().get('/api/ai/status');
    expect(res.status).toBe(401);
    expect(JSON.stringify(res.body)).not.toMatch(/ready|openai/);
  });
});

describe('AI turned off', () => {
  it('says so in the status and answers 503, without naming settings', async () => {
    const off = await startTestServer({ AI_PROVIDER: 'off' });
    try {
      const user = await buildUser(off.client());
      expect((await user.client.get('/api/ai/status')).body).toEqual({ state: 'off' });
      const res = await user.client.post('/api/ai/getAI', { message: 'hi' });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ error: AI_NOT_READY.off, code: 'ai_unavailable' });
    } finally {
      await off.close();
    }
  });
});

describe('what reaches the provider', () => {
  const fakeEngine = async () => {
    const { createSdkEngine } = await import('./sdk-engine.js');
    const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
    return createSdkEngine(
      createOpenAICompatible({ name: 'fake', baseURL: fake.baseUrl }).chatModel('fake-model'),
      'fake',
    );
  };
  const drain = async (chunks: AsyncIterable<string>) => {
    let text = '';
    for await (const chunk of chunks) text += chunk;
    return text;
  };

  it('sends the system turn as the system prompt, not as a chat message', async () => {
    const engine = await fakeEngine();
    await engine.generate({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
      ],
    });
    expect(fake.requests.at(-1)?.body.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
    ]);
  });

  it('streams the same request a whole answer sends: system turns joined first, then the turns in order', async () => {
    const engine = await fakeEngine();
    const request = {
      messages: [
        { role: 'system' as const, content: 'Be brief.' },
        { role: 'user' as const, content: 'Hi' },
        { role: 'assistant' as const, content: 'Hello.' },
        { role: 'system' as const, content: 'Stay kind.' },
        { role: 'user' as const, content: 'Again' },
      ],
      maxOutputTokens: 42,
    };
    await engine.generate(request);
    const whole = fake.requests.at(-1)?.body;
    expect(await drain(engine.stream(request))).toBe('Hello from the fake model.');
    const streamed = fake.requests.at(-1)?.body;
    expect(streamed?.stream).toBe(true);
    expect(streamed?.messages).toEqual([
      { role: 'system', content: 'Be brief.\n\nStay kind.' },
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello.' },
      { role: 'user', content: 'Again' },
    ]);
    expect(streamed?.messages).toEqual(whole?.messages);
    expect(streamed?.max_tokens).toBe(42);
  });

  it('fails a stream the provider cuts off or refuses, instead of ending the text quietly', async () => {
    const engine = await fakeEngine();
    const ask = () => drain(engine.stream({ messages: [{ role: 'user', content: 'Hi' }] }));
    fake.enqueue({ text: 'this will be cut off soon enough', cutAfterChunks: 2 });
    await expect(ask()).rejects.toThrow();
    fake.enqueue({ status: 500 });
    await expect(ask()).rejects.toThrow();
  });

  it('stops the provider when the reader stops reading', async () => {
    const engine = await fakeEngine();
    fake.enqueue({ text: Array.from({ length: 40 }, (_, i) => `w${i}`).join(' '), chunkDelayMs: 50 });
    for await (const chunk of engine.stream({ messages: [{ role: 'user', content: 'Hi' }] })) {
      expect(chunk.trim()).toBe('w0');
      break;
    }
    const upstream = fake.requests.at(-1);
    await expect.poll(() => upstream?.abortedAt, { timeout: 1000, interval: 25 }).toBeDefined();
    expect(upstream?.finishedAt).toBeUndefined();
  });
});
