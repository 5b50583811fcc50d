import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../contracts/errors.js';
import type { Message } from '../../contracts/messages.js';
import { hogEventLoop, untilPressure } from '../test/event-loop-hog.js';
import { buildUser } from '../test/factories.js';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { mayRefuse } from './overload.js';

describe('which calls may be refused', () => {
  it.each([
    ['POST', '/api/messages', true],
    ['GET', '/api/messages/conversations?x=1', true],
    ['GET', '/api/users/me', true],
    ['GET', '/api/health', false],
    ['POST', '/api/users/logout', false],
    ['GET', '/', false],
    ['GET', '/assets/app-1234.js', false],
    ['GET', '/uploads/abc.png', false],
    ['GET', '/chat/:ada', false],
  ])('%s %s: %s', (method, url, refused) => {
    expect(mayRefuse(method, url)).toBe(refused);
  });
});

describe('a server under pressure', () => {
  let server: TestServer;
  let webRoot: string;
  let stopHog: () => void = () => {};
  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'simplified-web-'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Simplified</title>');
    server = await startTestServer(
      { OVERLOAD_MAX_EVENT_LOOP_DELAY: '30', OVERLOAD_RETRY_AFTER: '3s' },
      { webRoot },
    );
  });
  afterEach(() => stopHog());
  afterAll(async () => {
    await server.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('refuses a message with 503, Retry-After and { error, code }, and takes it again once the loop is free', async () => {
    const ada = await buildUser(server.client());
    const bob = await buildUser(server.client());
    const send = () =>
      ada.client.post<Message>('/api/messages', { message: 'hi', recipientId: bob.user._id });

    stopHog = hogEventLoop();
    await untilPressure(server, true);
    const refused = await send();
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('3');
    expect(refused.body).toEqual({ error: ERRORS.serverBusy, code: 'server_busy' });

    stopHog();
    await untilPressure(server, false);
    const sent = await send();
    expect(sent.status).toBe(201);
    expect(sent.body.text).toBe('hi');
    // The refused message was never stored: only the one sent afterwards is there.
    const stored = await bob.client.get<Message[]>(`/api/messages/${ada.user._id}`);
    expect(stored.body.map((m) => m.text)).toEqual(['hi']);
  });

  it('still answers the health check, signing out and the page', async () => {
    const ada = await buildUser(server.client());
    stopHog = hogEventLoop();
    await untilPressure(server, true);
    expect((await ada.client.get('/api/users/me')).status).toBe(503);
    expect((await ada.client.get('/api/health')).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/`)).status).toBe(200);
    expect((await ada.client.post('/api/users/logout')).status).toBeLessThan(300);
  });
});
