import net from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../contracts/errors.js';
import { registerOverloadProtection } from './overload.js';

// The cap on its own, on a bare Fastify app with calls the test holds open: only the cap refuses here.
let app: FastifyInstance;
let baseUrl: string;
let releaseHeld: () => void = () => {};
let held = new Promise<void>((resolve) => (releaseHeld = resolve));
const sockets: net.Socket[] = [];
let reachedHook: () => void = () => {};

beforeAll(async () => {
  app = Fastify();
  await registerOverloadProtection(
    app,
    {
      maxConcurrent: 2,
      maxEventLoopDelayMs: 0,
      maxEventLoopUtilization: 0,
      maxHeapUsedBytes: 0,
      retryAfterSeconds: 3,
      maxConnections: 0,
    },
    { 'x-content-type-options': 'nosniff' },
  );
  app.post('/api/slow', async () => {
    await held;
    return { ok: true };
  });
  app.post('/api/ai/stream', async () => {
    await held;
    return { ok: true };
  });
  app.get('/api/quick', async () => ({ ok: true }));
  // Its client leaves while an earlier hook waits, before the cap's count begins.
  app.post(
    '/api/abandoned',
    {
      preValidation: async (request) => {
        reachedHook();
        const socket = request.raw.socket;
        if (!socket.destroyed) await new Promise((resolve) => socket.once('close', resolve));
      },
    },
    async () => ({ ok: true }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  releaseHeld();
  await app.close();
});

/** Starts a request by hand; `body` false sends the headers and half a body, then nothing more. */
async function rawCall(path: string, { body = true } = {}): Promise<net.Socket> {
  const socket = net.connect(Number(new URL(baseUrl).port), '127.0.0.1');
  socket.on('error', () => undefined);
  sockets.push(socket);
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n` +
      (body ? '{}' : '{'),
  );
  // Nothing else is sent meanwhile, so the server has it by then.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return socket;
}

const quick = () => fetch(`${baseUrl}/api/quick`);

describe('OVERLOAD_MAX_CONCURRENT', () => {
  it('refuses calls past the cap with 503 and Retry-After, and takes them again as the held ones end', async () => {
    const first = await rawCall('/api/slow');
    await rawCall('/api/slow');
    const refused = await quick();
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('3');
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await refused.json()).toEqual({ error: ERRORS.serverBusy, code: 'server_busy' });

    // A client that goes away gives its place back.
    first.destroy();
    await expect.poll(async () => (await quick()).status).toBe(200);
    releaseHeld();
    held = new Promise<void>((resolve) => (releaseHeld = resolve));
    await expect
      .poll(async () => (await Promise.all([quick(), quick()])).map((r) => r.status))
      .toEqual([200, 200]);
  });

  it('does not count a call whose body never arrives, nor AI calls (they have their own budget)', async () => {
    for (let i = 0; i < 3; i += 1) await rawCall('/api/slow', { body: false });
    for (let i = 0; i < 3; i += 1) await rawCall('/api/ai/stream');
    expect((await quick()).status).toBe(200);
  });

  it('does not count a call whose client left before the count began (it would never end)', async () => {
    for (let i = 0; i < 2; i += 1) {
      const inHook = new Promise<void>((resolve) => (reachedHook = resolve));
      const socket = await rawCall('/api/abandoned');
      await inHook;
      socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await quick()).status).toBe(200);
  });
});
