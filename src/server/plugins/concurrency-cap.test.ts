import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../contracts/errors.js';
import type { Message } from '../../contracts/messages.js';
import { buildUser, type BuiltUser } from '../test/factories.js';
import { startTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
let ada: BuiltUser;
let bob: BuiltUser;
beforeAll(async () => {
  // Only the cap: no share refused for event-loop delay, so every refusal here is the cap's.
  server = await startTestServer({ OVERLOAD_MAX_CONCURRENT: '2', OVERLOAD_MAX_EVENT_LOOP_DELAY: '0' });
  ada = await buildUser(server.client());
  bob = await buildUser(server.client());
});
const held: net.Socket[] = [];
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await server.close();
});

/** A call the server has started answering and cannot finish: its headers came, its body never does. */
async function heldCall(cookie: string): Promise<net.Socket> {
  const { port } = new URL(server.baseUrl);
  const socket = net.connect(Number(port), '127.0.0.1');
  socket.on('error', () => undefined);
  let answered = '';
  socket.on('data', (chunk: Buffer) => (answered += chunk.toString()));
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    'POST /api/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      `Content-Length: 200\r\nCookie: ${cookie}\r\n\r\n{"mess`,
  );
  // Nothing else is sent meanwhile, so the server has it by then (a refused one would have its 503).
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(answered).toBe('');
  held.push(socket);
  return socket;
}

const send = () => ada.client.post<Message>('/api/messages', { message: 'hi', recipientId: bob.user._id });

describe('OVERLOAD_MAX_CONCURRENT', () => {
  it('refuses calls past the cap with 503 and Retry-After, and counts a call as done when its client goes away', async () => {
    expect((await send()).status).toBe(201);
    const [first, second] = [
      await heldCall(ada.client.cookieHeader),
      await heldCall(ada.client.cookieHeader),
    ];
    const refused = await send();
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: ERRORS.serverBusy, code: 'server_busy' });
    expect(refused.headers.get('retry-after')).toBeTruthy();
    // Never refused: the health check.
    expect((await server.client().get('/api/health')).status).toBe(200);

    first.destroy();
    await expect.poll(async () => (await send()).status).toBe(201);
    second.destroy();
    const after = await Promise.all([send(), send()]);
    expect(after.map((a) => a.status)).toEqual([201, 201]);
  });
});
