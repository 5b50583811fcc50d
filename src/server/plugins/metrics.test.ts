import { afterAll, describe, expect, it } from 'vitest';
import { fakeAiApp } from '../test/fake-ai-app.js';
import { buildUser } from '../test/factories.js';
import { freePort } from '../test/server-process.js';
import { startTestServer, type TestServer } from '../test/test-server.js';

const TOKEN = 'a-long-random-scrape-secret';
const app = fakeAiApp({ env: { METRICS_TOKEN: TOKEN, AI_RATE_LIMIT: '1000' } });

const scrape = (baseUrl: string, authorization?: string) =>
  fetch(`${baseUrl}/metrics`, { headers: authorization ? { authorization } : {} });

/** The value of one series in a Prometheus text exposition, or undefined when it is absent. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics with METRICS_TOKEN', () => {
  it('answers only the bearer of the token', async () => {
    const none = await scrape(app.server.baseUrl);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect(await none.json()).toEqual({ error: expect.any(String), code: 'not_signed_in' });
    expect((await scrape(app.server.baseUrl, 'Bearer not-the-token')).status).toBe(401);
    const ok = await scrape(app.server.baseUrl, `Bearer ${TOKEN}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toContain('text/plain');
  });

  it('counts messages, times requests by route pattern, and shows sockets, the AI and the event loop', async () => {
    const me = await buildUser(app.server.client());
    const friend = await buildUser(app.server.client());
    await app.tab(me);
    for (let i = 0; i < 3; i++)
      expect(
        (await me.client.post('/api/messages', { message: `m${i}`, recipientId: friend.user._id })).status,
      ).toBe(201);
    await me.client.get(`/api/messages/${friend.user._id}`);
    expect((await me.client.post('/api/ai/getAI', { message: 'hello' })).status).toBe(200);

    const text = await (await scrape(app.server.baseUrl, `Bearer ${TOKEN}`)).text();
    expect(valueOf(text, 'messages_sent_total')).toBe(3);
    expect(
      valueOf(
        text,
        'http_request_duration_seconds_count{method="POST",route="/api/messages",status_code="201"}',
      ),
    ).toBe(3);
    // The route's pattern, not the person's id: one series however many people there are.
    expect(text).toContain('route="/api/messages/:otherUserId"');
    expect(text).not.toContain(friend.user._id);
    expect(valueOf(text, 'socketio_open_sockets')).toBe(1);
    expect(valueOf(text, 'ai_generation_duration_seconds_count{outcome="done"}')).toBe(1);
    expect(valueOf(text, 'ai_queue_depth')).toBe(0);
    expect(valueOf(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    if (app.server.config.database.kind === 'postgres')
      expect(valueOf(text, 'db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
  });
});

describe('messages_sent_total', () => {
  it('counts a message once, however often its send is retried', async () => {
    const me = await buildUser(app.server.client());
    const friend = await buildUser(app.server.client());
    const counted = async () =>
      valueOf(await (await scrape(app.server.baseUrl, `Bearer ${TOKEN}`)).text(), 'messages_sent_total') ?? 0;
    const before = await counted();
    const send = { message: 'once', recipientId: friend.user._id, clientMessageId: 'retry-me-0001' };
    expect((await me.client.post('/api/messages', send)).status).toBe(201);
    expect((await me.client.post('/api/messages', send)).status).toBe(201);
    expect(await counted()).toBe(before + 1);
  });
});

describe('metrics left closed, or on a port of their own', () => {
  const servers: TestServer[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.close())));

  it('answers 404 when the operator opened no way to them', async () => {
    const server = await startTestServer();
    servers.push(server);
    expect((await scrape(server.baseUrl, `Bearer ${TOKEN}`)).status).toBe(404);
  });

  it('serves them on METRICS_PORT without a token, and not on the app port', async () => {
    const port = await freePort();
    const server = await startTestServer({ METRICS_PORT: String(port), HOST: '127.0.0.1' });
    servers.push(server);
    await server.client().get('/api/health');
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/health"',
    );
    expect((await scrape(server.baseUrl)).status).toBe(404);
  });
});

describe('METRICS_TOKEN', () => {
  it('must be long enough to be a secret', async () => {
    await expect(startTestServer({ METRICS_TOKEN: 'short' })).rejects.toThrow(
      /METRICS_TOKEN: must be at least 16/,
    );
  });
});
