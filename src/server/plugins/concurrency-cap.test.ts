import net from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../contracts/errors.js';
import { registerOverloadProtection, type OverloadGauge } from './overload.js';

// The cap and its queue on their own, on a bare Fastify app with calls the test holds open.
const MAX_WAIT_MS = 600;
let app: FastifyInstance;
let baseUrl: string;
let releaseHeld: () => void = () => {};
let held = new Promise<void>((resolve) => (releaseHeld = resolve));
const sockets: net.Socket[] = [];
let reachedHook: () => void = () => {};
let gauge: OverloadGauge;

/**
 * A bare app with the cap and its line. `lineCheckMs` sets how often the line is checked for calls that waited
 * too long: the shared app checks only on arrivals and departures, so a test sees the line as it is.
 */
async function cappedApp(lineCheckMs: number): Promise<{ app: FastifyInstance; gauge: OverloadGauge }> {
  const app = Fastify();
  const gauge = await registerOverloadProtection(
    app,
    {
      maxConcurrent: 2,
      maxQueueWaitMs: MAX_WAIT_MS,
      maxEventLoopDelayMs: 0,
      maxEventLoopUtilization: 0,
      maxHeapUsedBytes: 0,
      retryAfterSeconds: 3,
      maxConnections: 0,
    },
    { 'x-content-type-options': 'nosniff' },
    lineCheckMs,
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
  app.post('/api/quick-post', async () => ({ ok: true }));
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
  return { app, gauge };
}

beforeAll(async () => {
  ({ app, gauge } = await cappedApp(3_600_000));
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  releaseHeld();
  await app.close();
});

/** Starts a request by hand; `body` false sends the headers and half a body, then nothing more. */
async function rawCall(path: string, { body = true, to = baseUrl } = {}): Promise<net.Socket> {
  const socket = net.connect(Number(new URL(to).port), '127.0.0.1');
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

// A call the test expects an answer to: one that never comes fails the test instead of hanging it.
const quick = () => fetch(`${baseUrl}/api/quick`, { signal: AbortSignal.timeout(5000) });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A quick call and how long its answer took. */
async function timedQuick(): Promise<{ status: number; ms: number; response: Response }> {
  const started = performance.now();
  const response = await quick();
  return { status: response.status, ms: performance.now() - started, response };
}

describe('OVERLOAD_MAX_CONCURRENT and OVERLOAD_MAX_QUEUE_WAIT', () => {
  it('lets calls past the cap wait their turn, and answers them as places come free', async () => {
    const first = await rawCall('/api/slow');
    await rawCall('/api/slow');
    const waiting = timedQuick();
    await sleep(200);
    // A client that goes away gives its place to the next in line.
    first.destroy();
    const answer = await waiting;
    expect(answer.status).toBe(200);
    expect(answer.ms).toBeGreaterThanOrEqual(190);
    releaseHeld();
    held = new Promise<void>((resolve) => (releaseHeld = resolve));
    await expect
      .poll(async () => (await Promise.all([quick(), quick()])).map((r) => r.status))
      .toEqual([200, 200]);
  });

  it('refuses a call that waited too long with 503 and Retry-After, and newcomers at once meanwhile', async () => {
    const holders = [await rawCall('/api/slow'), await rawCall('/api/slow')];
    const waited = timedQuick();
    expect(gauge.mustRefuse()).toBe(false);
    await sleep(MAX_WAIT_MS + 400);
    // Socket sends are refused meanwhile too: they would jump the line.
    expect(gauge.mustRefuse()).toBe(true);
    // The oldest in line has waited past the bound: a newcomer would wait longer, and is told so at once.
    const newcomer = await timedQuick();
    expect(newcomer.status).toBe(503);
    expect(newcomer.ms).toBeLessThan(MAX_WAIT_MS / 2);
    const refused = await waited;
    expect(refused.status).toBe(503);
    expect(refused.ms).toBeGreaterThanOrEqual(MAX_WAIT_MS);
    for (const { response } of [refused, newcomer]) {
      expect(response.headers.get('retry-after')).toBe('3');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await response.json()).toEqual({ error: ERRORS.serverBusy, code: 'server_busy' });
    }
    for (const socket of holders) socket.destroy();
    await expect.poll(async () => (await quick()).status).toBe(200);
  });

  it('refuses a call that waited too long even while nothing else comes or goes', async () => {
    const quiet = await cappedApp(100);
    const url = `http://127.0.0.1:${(quiet.app.server.address() as AddressInfo).port}`;
    try {
      for (let i = 0; i < 2; i++) await rawCall('/api/slow', { to: url });
      const started = performance.now();
      const refused = await fetch(`${url}/api/quick`);
      expect(refused.status).toBe(503);
      expect(performance.now() - started).toBeGreaterThanOrEqual(MAX_WAIT_MS);
    } finally {
      releaseHeld();
      held = new Promise<void>((resolve) => (releaseHeld = resolve));
      await quiet.app.close();
    }
  });

  it('drops a waiting call whose client goes away: it takes no place when its turn comes', async () => {
    const holders = [await rawCall('/api/slow'), await rawCall('/api/slow')];
    const leaving = await rawCall('/api/quick-post');
    leaving.destroy();
    await sleep(100);
    // A place comes free; the call that left is next in line but is not admitted, so the place stays free.
    holders[0]?.destroy();
    expect((await timedQuick()).ms).toBeLessThan(MAX_WAIT_MS / 2);
    expect((await quick()).status).toBe(200);
    holders[1]?.destroy();
  });

  it('gives back the place of a pipelined call whose connection closes before its answer could be written', async () => {
    const socket = net.connect(Number(new URL(baseUrl).port), '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    const call = (path: string) =>
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`;
    // The second call is answered at once, but its answer waits behind the first one's on the connection.
    socket.write(call('/api/slow') + call('/api/quick-post'));
    await sleep(200);
    socket.destroy();
    await sleep(100);
    // Both places are free again: two held calls are admitted and a third waits.
    const holders = [await rawCall('/api/slow'), await rawCall('/api/slow')];
    const third = timedQuick();
    await sleep(200);
    holders[0]?.destroy();
    const answer = await third;
    expect(answer.status).toBe(200);
    expect(answer.ms).toBeGreaterThanOrEqual(190);
    holders[1]?.destroy();
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
