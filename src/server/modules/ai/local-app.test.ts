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
    const me = await buildUser(server.client());
    await expect
      .poll(async () => (await me.client.get<AiStatusResponse>('/api/ai/status')).body.state, {
        timeout: 15_000,
      })
      .toBe('ready');
    const res = await fetch(`${server.baseUrl}/api/ai/getAI`, {
      method: 'POST',
      headers: { cookie: me.client.cookieHeader, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Once upon a time' }),
    });
    expect(res.status).toBe(200);
    expect((await res.text()).length).toBeGreaterThan(0);
  });
});
