import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Message } from '../../contracts/messages.js';
import { MESSAGE_LIMITS } from '../../contracts/messages.js';
import type { SendMessageAck } from '../../contracts/realtime.js';
import { buildUser } from '../test/factories.js';
import { TestClient } from '../test/http-client.js';
import { freePort, startServerProcess, type ServerProcess } from '../test/server-process.js';
import { collect, nextEvent, pause } from '../test/socket-client.js';
import { startTwoProcesses, type TwoProcesses } from '../test/two-processes.js';

// Part of the scale-out suite (PostgreSQL shared by two processes). Redis is this file's own instance on a
// free port: the test kills it, so it must never be the machine's shared one.
if (!process.env.TEST_DATABASE_URL) {
  throw new Error('The Redis outage test needs TEST_DATABASE_URL (PostgreSQL); .ci/run sets it.');
}

/** A redis-server of our own, started (and restarted) on one port, keeping nothing on disk. */
class OwnRedis {
  private child: ChildProcess | undefined;
  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    let spawnError = '';
    child.once('error', (error) => (spawnError = error.message));
    this.child = child;
    const deadline = Date.now() + 10_000;
    while (!(await this.answers())) {
      if (spawnError) throw new Error(`redis-server could not start (is it installed?): ${spawnError}`);
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${this.port}`);
      await pause(50);
    }
  }

  /** kill -9: connections drop mid-command, as when the machine or container running Redis dies. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGKILL');
    });
  }

  private answers(): Promise<boolean> {
    return new Promise((resolve) => {
      const probe = net.connect(this.port, '127.0.0.1');
      probe.once('connect', () => probe.write('PING\r\n'));
      probe.once('data', (data) => {
        probe.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
      probe.once('error', () => resolve(false));
    });
  }
}

let redis: OwnRedis;
let cluster: TwoProcesses;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  redis = new OwnRedis(await freePort());
  await redis.start();
  cluster = await startTwoProcesses({
    REDIS_URL: redis.url,
    // The load below is one person sending fast; the limits are not what this test is about.
    MESSAGE_RATE_LIMIT: '100000',
    SOCKET_EVENT_RATE_LIMIT: '100000',
  });
  ({ a, b } = cluster);
}, 90_000);

afterAll(async () => {
  await cluster?.close();
  await redis?.kill();
});

describe('Redis dying under traffic', () => {
  it('a server whose Redis is unreachable at start fails at once with a clear message, naming no secret', async () => {
    const closedPort = await freePort();
    const started = Date.now();
    const failure = await startServerProcess({
      ...cluster.env,
      REDIS_URL: `redis://someone:s3cret-word@127.0.0.1:${closedPort}`,
    }).then(
      (server) => server.stop().then(() => new Error('the server started without Redis')),
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    const output = (failure as Error).message;
    expect(output).toMatch(new RegExp(`Cannot reach Redis at 127\\.0\\.0\\.1:${closedPort} \\(REDIS_URL\\)`));
    expect(output).not.toContain('s3cret-word');
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('keeps both processes up and sending; local deliveries go on, and the other process resyncs after', async () => {
    const ada = await buildUser(new TestClient(a.baseUrl));
    const carl = await buildUser(new TestClient(a.baseUrl));
    const bob = await cluster.signIn(b, await buildUser(new TestClient(a.baseUrl)));
    const adaSocket = await cluster.on(a, ada);
    const carlSocket = await cluster.on(a, carl);
    const bobSocket = await cluster.on(b, bob);
    const bobGot = collect(bobSocket, 'newMessage');
    const carlGot = collect(carlSocket, 'newMessage');
    const bobResyncs = collect(bobSocket, 'resync');

    // Closed-loop sends from Ada, to Bob (on the other process) and Carl (on hers), through the outage.
    const acks: Array<{ to: string; ack: SendMessageAck; duringOutage: boolean }> = [];
    let sending = true;
    let redisDown = false;
    const load = (async () => {
      for (let i = 0; sending; i += 1) {
        const to = i % 2 === 0 ? bob.user._id : carl.user._id;
        const ack = await adaSocket.emitWithAck('sendMessage', { message: `message ${i}`, recipientId: to });
        acks.push({ to, ack, duringOutage: redisDown });
        await pause(15);
      }
    })();
    // Should an expectation fail, the load stops too, and the sockets closing after it reject nothing unhandled.
    onTestFinished(() => void (sending = false));
    load.catch(() => {});

    await pause(300);
    await redis.kill();
    redisDown = true;
    await pause(1_500);
    // Nobody crashed; readiness reports the outage, health does not (a restart would not bring Redis back).
    for (const server of [a, b]) {
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
      const ready = await fetch(`${server.baseUrl}/api/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({
        error: 'Not ready: Redis is unreachable',
        code: 'not_ready',
        checks: { database: 'ok', redis: 'unreachable' },
      });
    }

    // Bob's view of who is online, kept as the web app keeps it: a list replaces it, single changes amend it.
    const bobSees = new Set<string>();
    bobSocket.on('getOnlineUsers', (ids) => (bobSees.clear(), ids.forEach((id) => bobSees.add(id))));
    bobSocket.on('userOnline', (id) => bobSees.add(id));
    bobSocket.on('userOffline', (id) => bobSees.delete(id));
    const listAgain = nextEvent(bobSocket, 'getOnlineUsers', 15_000);
    const resynced = nextEvent(bobSocket, 'resync', 15_000);
    await redis.start();
    redisDown = false;
    expect(await resynced).toEqual({ reason: 'fanout_resumed' });
    await listAgain;
    // The two processes rejoin in either order: if Bob's list was read before Ada's process rejoined, her
    // process announces her once it has.
    await vi.waitFor(() => expect([...bobSees]).toEqual([ada.user._id]), { timeout: 5_000 });
    sending = false;
    await load;

    // Every send was stored and acknowledged as such: the outage made none look failed.
    const failed = acks.filter(({ ack }) => !('message' in ack));
    expect(failed).toEqual([]);
    const sent = (to: string) =>
      acks.flatMap(({ to: recipient, ack }) => ('message' in ack && recipient === to ? [ack.message] : []));
    // Sending went on while Redis was down: counted by phase, not by a total that a busy machine makes smaller.
    const duringOutage = (to: string) =>
      acks.filter((a) => a.to === to && a.duringOutage && 'message' in a.ack);
    expect(duringOutage(bob.user._id).length).toBeGreaterThanOrEqual(5);

    // Carl shares Ada's process: he received every one of his live, outage or not.
    await pause(200);
    expect(carlGot.map((m) => m._id).sort()).toEqual(
      sent(carl.user._id)
        .map((m) => m._id)
        .sort(),
    );

    // Bob's tab was told to re-read (above), and what it reads has every message acknowledged to Ada.
    const page = await bob.client.get<Message[]>(
      `/api/messages/${ada.user._id}?limit=${MESSAGE_LIMITS.pageSizeMax}`,
    );
    const stored = new Set(page.body.map((m) => m._id));
    expect(sent(bob.user._id).filter((m) => !stored.has(m._id))).toEqual([]);
    // Some of them did not reach him live: that is what the resync is for.
    expect(bobGot.length).toBeLessThan(sent(bob.user._id).length);
    expect(bobResyncs).toHaveLength(1);

    // Fan-out is back: the next message crosses processes live, and both processes are ready again.
    const live = nextEvent(bobSocket, 'newMessage', 5_000);
    const after = await ada.client.post<Message>('/api/messages', {
      message: 'after',
      recipientId: bob.user._id,
    });
    expect((await live)._id).toBe(after.body._id);
    for (const server of [a, b]) expect((await fetch(`${server.baseUrl}/api/ready`)).status).toBe(200);

    // Nothing slipped through to the process-level handler: the failures were all handled where they happen.
    for (const server of [a, b]) expect(server.output()).not.toContain('unhandled promise rejection');
  });
});
