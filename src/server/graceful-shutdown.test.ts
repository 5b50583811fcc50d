import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Agent, Client, request } from 'undici';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildUser } from './test/factories.js';
import { TestClient } from './test/http-client.js';
import { startServerProcess, type ServerProcess } from './test/server-process.js';
import { connectSocket } from './test/socket-client.js';
import { startTestServer } from './test/test-server.js';

const dataDirs: string[] = [];
const servers: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function start(): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'simplified-drain-'));
  dataDirs.push(dataDir);
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    AI_PROVIDER: 'off',
    MESSAGE_RATE_LIMIT: '100000',
  });
  servers.push(server);
  return server;
}

describe('draining', () => {
  it('turns readiness off at once, answers on open connections with Connection: close, and takes no new ones', async () => {
    const server = await startTestServer();
    const agent = new Agent({ connections: 1 });
    try {
      const ask = () => request(`${server.baseUrl}/api/ready`, { dispatcher: agent });
      const before = await ask();
      expect(before.statusCode).toBe(200);
      await before.body.text();

      expect(await server.app.drain()).toBe(true);
      const during = await ask();
      expect(during.statusCode).toBe(503);
      expect(during.headers.connection).toBe('close');
      expect(await during.body.json()).toMatchObject({
        error: 'Not ready: the server is shutting down',
        code: 'not_ready',
        checks: { shutdown: 'in progress' },
      });
      await expect(fetch(`${server.baseUrl}/api/health`)).rejects.toThrow();
    } finally {
      await agent.close();
      await server.close();
    }
  });
});

/**
 * Run by a child process (argv: port, marker file, count): opens `count` connections, writes a request on each,
 * creates the marker once all are written, and prints each one's status code or error when all have closed.
 */
const QUEUE_REQUESTS = `
const net = require('node:net');
const fs = require('node:fs');
const [port, marker, count] = process.argv.slice(1);
const outcomes = [];
let written = 0;
for (let i = 0; i < Number(count); i++) {
  const socket = net.connect(Number(port), '127.0.0.1');
  let answer = '';
  let outcome = 'closed without an answer';
  socket.on('connect', () => {
    socket.write('GET /api/health HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nConnection: close\\r\\n\\r\\n');
    if (++written === Number(count)) fs.writeFileSync(marker, '');
  });
  socket.on('data', (chunk) => (answer += chunk));
  socket.on('error', (error) => (outcome = error.code));
  socket.on('close', () => {
    outcomes.push(answer ? answer.split(' ')[1] : outcome);
    if (outcomes.length === Number(count)) console.log(JSON.stringify(outcomes));
  });
}
`;

describe('draining while connections wait in the kernel', () => {
  it('answers the connections already queued for the listener, then takes no new ones', async () => {
    const server = await startTestServer();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'simplified-queued-'));
    dataDirs.push(dir);
    const marker = path.join(dir, 'all-written');
    const child = spawn(
      process.execPath,
      ['-e', QUEUE_REQUESTS, new URL(server.baseUrl).port, marker, '20'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let printed = '';
    child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const exited = once(child, 'exit');
    try {
      // The event loop is held while the child's connections finish their handshakes in the kernel and send
      // their requests, so the drain begins with them in the listener's queue, as it does under load.
      const deadline = Date.now() + 10_000;
      while (!fs.existsSync(marker)) {
        if (Date.now() > deadline) throw new Error('the child never queued its connections');
      }
      const drained = server.app.drain();
      await exited;
      // Closing the listener at once reset all 20: a balancer would have answered 502 to each.
      expect(JSON.parse(printed)).toEqual(Array.from({ length: 20 }, () => '200'));
      expect(await drained).toBe(true);
      await expect(fetch(`${server.baseUrl}/api/health`)).rejects.toThrow();
    } finally {
      child.kill();
      await server.close();
    }
  });
});

describe('SIGTERM with work in flight', () => {
  it('answers every request it had started, turns unready, lets sockets reconnect elsewhere, and exits', async () => {
    const server = await start();
    const ada = await buildUser(new TestClient(server.baseUrl));
    const bob = await buildUser(new TestClient(server.baseUrl));
    const tab = await connectSocket(server.baseUrl, ada.client, { userId: ada.user._id });
    const disconnected = new Promise<string>((resolve) => tab.once('disconnect', resolve));

    // 50 keep-alive connections, each sending messages back to back: whatever is in flight at SIGTERM.
    const connections = Array.from({ length: 50 }, () => new Client(server.baseUrl));
    const outcomes: Array<{ outcome: string; startedBeforeSigterm: boolean }> = [];
    let sending = true;
    let sigtermSent = false;
    const loops = Array.from({ length: 50 }, async (_, i) => {
      for (let n = 0; sending; n += 1) {
        const startedBeforeSigterm = !sigtermSent;
        const outcome = await (connections[i] as Client)
          .request({
            path: '/api/messages',
            method: 'POST',
            headers: {
              cookie: ada.client.cookieHeader,
              origin: server.baseUrl,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ message: `loop ${i} #${n}`, recipientId: bob.user._id }),
          })
          .then(
            async (res) => {
              await res.body.text();
              return String(res.statusCode);
            },
            (error: unknown) => (error as { code?: string }).code ?? String(error),
          );
        outcomes.push({ outcome, startedBeforeSigterm });
        // Refused (closing) or not reachable any more: this client would go to another process now.
        if (outcome !== '201') return;
      }
    });
    // SIGTERM comes in the middle of a stream of requests: after the first hundred answers, however long a busy
    // machine takes to give them, not after a fixed time.
    await vi.waitFor(() => expect(outcomes.length).toBeGreaterThanOrEqual(100), {
      timeout: 15_000,
      interval: 10,
    });
    sigtermSent = true;
    // stop() sends SIGTERM and waits for the process to end.
    await server.stop();
    sending = false;
    await Promise.all(loops);
    await Promise.all(connections.map((c) => c.close()));

    // Every request under way when SIGTERM came was answered (a reset would be a lost answer). Requests sent
    // after it may find the door closed (refused, or a reset connection the server never read from): a client
    // goes to another process then, and the web app resends under the same clientMessageId.
    const before = outcomes.filter((o) => o.startedBeforeSigterm).map((o) => o.outcome);
    expect(before.length).toBeGreaterThan(100);
    expect(before.filter((o) => o !== '201')).toEqual([]);
    const after = outcomes.filter((o) => !o.startedBeforeSigterm).map((o) => o.outcome);
    expect(after.filter((o) => !['201', 'ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET'].includes(o))).toEqual(
      [],
    );
    // The socket was closed as a lost transport, which socket.io clients reconnect from by themselves.
    expect(await disconnected).toBe('transport close');
    expect(server.exitCode()).toBe(0);
    expect(server.output()).not.toContain('"level":50');
  }, 60_000);
});
