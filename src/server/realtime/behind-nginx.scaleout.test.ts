import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../contracts/messages.js';
import type { TestSocket } from '../test/socket-client.js';
import { buildUser, type BuiltUser } from '../test/factories.js';
import { freshRedisDb } from '../test/fresh-redis-db.js';
import { TestClient } from '../test/http-client.js';
import { startNginx, type Nginx } from '../test/nginx.js';
import type { ServerProcess } from '../test/server-process.js';
import { nextEvent } from '../test/socket-client.js';
import { scaleOutRedisUrl, startTwoProcesses, type TwoProcesses } from '../test/two-processes.js';

const redisUrl = scaleOutRedisUrl();
/** Sign-ups (and, apart, sign-ins) allowed per address a minute: room to find one person per process. */
const AUTH_LIMIT = 20;

let cluster: TwoProcesses;
let nginx: Nginx;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  cluster = await startTwoProcesses({
    REDIS_URL: await freshRedisDb(redisUrl, 4),
    // nginx is the one hop in front: its X-Forwarded-For entry is the client, anything before it is hearsay.
    TRUST_PROXY: '1',
    AUTH_RATE_LIMIT: String(AUTH_LIMIT),
    MESSAGE_RATE_LIMIT: '100000',
  });
  nginx = await startNginx([cluster.a.baseUrl, cluster.b.baseUrl].map((u) => new URL(u).host));
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await nginx?.close();
  await cluster?.close();
});

/** Which process nginx sent this person's requests to. */
async function servedBy(user: BuiltUser): Promise<string> {
  const res = await user.client.get('/api/users/me');
  expect(res.status).toBe(200);
  return res.headers.get('x-served-by') ?? '';
}

/**
 * People signed up through nginx until one is on each process (affinity follows the session cookie). Each
 * lands on either with even odds, so five found none on the second one time in sixteen; nineteen, one in
 * 260,000.
 */
async function onePerProcess(): Promise<[BuiltUser, BuiltUser]> {
  const seen = new Map<string, BuiltUser>();
  for (let i = 0; i < AUTH_LIMIT - 1 && seen.size < 2; i++) {
    const user = await buildUser(new TestClient(nginx.baseUrl));
    const at = await servedBy(user);
    if (!seen.has(at)) seen.set(at, user);
  }
  const [first, second] = [...seen.values()];
  if (!first || !second) throw new Error('nginx sent every session to one process');
  return [first, second];
}

/** A browser's socket: long-polling first, then the websocket upgrade, reconnecting by itself. */
function browserSocket(user: BuiltUser): Promise<TestSocket> {
  const socket: TestSocket = io(nginx.baseUrl, {
    extraHeaders: { cookie: user.client.cookieHeader ?? '' },
    query: { userId: user.user._id },
    reconnectionDelay: 200,
    reconnectionDelayMax: 500,
    forceNew: true,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const upgraded = (socket: TestSocket) =>
  new Promise<string>((resolve) => {
    if (socket.io.engine.transport.name === 'websocket') resolve('websocket');
    socket.io.engine.once('upgrade', (transport: { name: string }) => resolve(transport.name));
  });

let ada: BuiltUser;
let bob: BuiltUser;

describe('two processes behind a real nginx', () => {
  it('keep a browser on one process through polling and the websocket upgrade, and deliver across them', async () => {
    [ada, bob] = await onePerProcess();
    expect(await servedBy(ada)).not.toBe(await servedBy(bob));
    const adaSocket = await browserSocket(ada);
    expect(await upgraded(adaSocket)).toBe('websocket');

    const heard = nextEvent(adaSocket, 'newMessage');
    const sent = await bob.client.post<Message>('/api/messages', {
      message: 'through nginx',
      recipientId: ada.user._id,
    });
    expect(sent.status).toBe(201);
    expect(await heard).toEqual(sent.body);
  });

  it('count sign-in attempts by the address nginx saw, not by one a client made up', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= AUTH_LIMIT + 1; i++) {
      const res = await new TestClient(nginx.baseUrl).request(
        'POST',
        '/api/users/login',
        { username: 'nobody-here', password: 'wrong password' },
        { 'x-forwarded-for': `203.0.113.${i}` },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array.from({ length: AUTH_LIMIT }, () => 401), 429]);
  });

  it('roll: a process taken out of nginx and stopped under traffic fails no request, and its sockets move to the other', async () => {
    const adaSocket = sockets[0];
    if (!adaSocket) throw new Error('no socket from the first test');
    const doomedHost = await servedBy(ada);
    const doomed: ServerProcess =
      [cluster.a, cluster.b].find((p) => p.baseUrl.endsWith(doomedHost)) ?? cluster.a;

    const statuses: number[] = [];
    let sending = true;
    const traffic = (async () => {
      for (let i = 0; sending; i++) {
        const res = await ada.client.post('/api/messages', {
          message: `roll ${i}`,
          recipientId: bob.user._id,
        });
        statuses.push(res.status);
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // docs/operations.md: out of the balancer first, so that no connection can be queued at the process
    // when its listener closes (a POST on it would be lost to a reset). Then SIGTERM.
    nginx.takeOut(doomedHost);
    while ((await servedBy(ada)) === doomedHost) await new Promise((resolve) => setTimeout(resolve, 50));
    const reconnected = new Promise((resolve) => adaSocket.io.once('reconnect', resolve));
    await doomed.stop();
    expect(doomed.exitCode()).toBe(0);
    await reconnected;
    await new Promise((resolve) => setTimeout(resolve, 300));
    sending = false;
    await traffic;

    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    expect(await servedBy(ada)).not.toBe(doomedHost);
    const heard = nextEvent(adaSocket, 'newMessage');
    const sent = await bob.client.post<Message>('/api/messages', {
      message: 'after the roll',
      recipientId: ada.user._id,
    });
    expect(await heard).toEqual(sent.body);
  });
});
