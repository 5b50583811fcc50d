import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiStatusResponse } from '../../../contracts/ai.js';
import { buildUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { FIXTURE_MODEL } from '../../test/local-model.js';

describe('the app on the local provider, with the real tiny model', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      AI_PROVIDER: 'local',
      LOCAL_MODEL: FIXTURE_MODEL,
      LOCAL_THREADS: '1',
      AI_MAX_OUTPUT_TOKENS: '40',
    });
  });
  afterAll(() => server.close());

  it('becomes ready and answers getAI with generated text', async () => {
    await expect
      .poll(async () => (await server.client().get<AiStatusResponse>('/api/ai/status')).body.state, {
        timeout: 15_000,
      })
      .toBe('ready');
    const me = await buildUser(server.client());
    const res = await fetch(`${server.baseUrl}/api/ai/getAI`, {
      method: 'POST',
      headers: { cookie: me.client.cookieHeader, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Once upon a time' }),
    });
    expect(res.status).toBe(200);
    expect((await res.text()).length).toBeGreaterThan(0);
  });
});

describe('the app on the local provider without a model it can reach', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      AI_PROVIDER: 'local',
      LOCAL_MODEL: 'http://127.0.0.1:9/missing.gguf',
      LOCAL_THREADS: '1',
    });
  });
  afterAll(() => server.close());

  it('says what to do in the status and in a 503', async () => {
    await expect
      .poll(async () => (await server.client().get<AiStatusResponse>('/api/ai/status')).body.state, {
        timeout: 15_000,
      })
      .toBe('unavailable');
    const status = await server.client().get<AiStatusResponse>('/api/ai/status');
    expect(status.body.message).toContain('LOCAL_MODEL');
    const me = await buildUser(server.client());
    const res = await me.client.post('/api/ai/getAI', { message: 'hello' });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: expect.stringContaining('LOCAL_MODEL') });
  });
});
