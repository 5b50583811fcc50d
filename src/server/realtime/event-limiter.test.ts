import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../contracts/errors.js';
import type { Message } from '../../contracts/messages.js';
import { buildUser } from '../test/factories.js';
import { collect, connectSocket, type TestSocket } from '../test/socket-client.js';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { SOCKET_EVENT_LIMITS } from './event-limiter.js';

let server: TestServer;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => sockets.splice(0).forEach((s) => s.close()));
afterAll(() => server.close());

async function person() {
  const user = await buildUser(server.client());
  const socket = await connectSocket(server.baseUrl, user.client, { userId: user.user._id });
  sockets.push(socket);
  return { ...user, socket };
}

describe('client socket events are rate limited', () => {
  it('lets a burst through, answers the excess with an error (and its acknowledgement), and sends nothing more', async () => {
    const flooder = await person();
    const friend = await person();
    const errors = collect(flooder.socket, 'messageError');
    const received = collect(friend.socket, 'newMessage');
    const burst = SOCKET_EVENT_LIMITS.perSocketPerSecond * SOCKET_EVENT_LIMITS.burstSeconds;
    const acks = await Promise.all(
      Array.from(
        { length: burst + 20 },
        (_, i) =>
          new Promise<{ message?: Message; error?: string }>((resolve) =>
            flooder.socket.emit('sendMessage', { message: `m${i}`, recipientId: friend.user._id }, resolve),
          ),
      ),
    );
    const refused = acks.filter((a) => a.error === ERRORS.tooManyEvents).length;
    expect(refused).toBeGreaterThanOrEqual(15);
    expect(acks.filter((a) => a.message).length).toBe(acks.length - refused);
    expect(errors).toContainEqual({
      error: ERRORS.tooManyEvents,
      code: 'too_many_events',
      retryAfterMs: expect.any(Number),
    });
    // The friend gets exactly the accepted messages.
    await expect.poll(() => received.length).toBe(acks.length - refused);
  });

  it('disconnects a socket that keeps flooding, saying why, while everyone else is served', async () => {
    const flooder = await person();
    const bystander = await person();
    const errors = collect(flooder.socket, 'messageError');
    const closed = new Promise<string>((resolve) => flooder.socket.once('disconnect', resolve));
    for (let i = 0; i < SOCKET_EVENT_LIMITS.dropsBeforeDisconnect + 200; i++) {
      flooder.socket.emit('markMessagesAsSeen', { conversationId: 'nothing' });
    }
    expect(await closed).toBe('io server disconnect');
    expect(errors).toContainEqual({ error: ERRORS.floodDisconnected, code: 'too_many_events' });
    expect((await bystander.client.get('/api/users/me')).status).toBe(200);
    expect(bystander.socket.connected).toBe(true);
  });

  it('counts all of one person’s tabs together', async () => {
    const me = await person();
    const tabs = [me.socket];
    for (let i = 0; i < 2; i++) {
      const extra = await connectSocket(server.baseUrl, me.client, { userId: me.user._id });
      sockets.push(extra);
      tabs.push(extra);
    }
    const errors = tabs.map((tab) => collect(tab, 'messageError'));
    // Each tab stays within its own limit; together they pass the person's.
    const perTab = SOCKET_EVENT_LIMITS.perSocketPerSecond * SOCKET_EVENT_LIMITS.burstSeconds - 10;
    for (const tab of tabs) {
      for (let i = 0; i < perTab; i++) tab.emit('markMessagesAsSeen', { conversationId: 'nothing' });
    }
    await expect
      .poll(() => errors.flat())
      .toContainEqual({
        error: ERRORS.tooManyEvents,
        code: 'too_many_events',
        retryAfterMs: expect.any(Number),
      });
  });

  it('takes its per-tab rate from SOCKET_EVENT_RATE_LIMIT', async () => {
    const strict = await startTestServer({ SOCKET_EVENT_RATE_LIMIT: '5' });
    try {
      const me = await buildUser(strict.client());
      const tab = await connectSocket(strict.baseUrl, me.client, { userId: me.user._id });
      sockets.push(tab);
      const errors = collect(tab, 'messageError');
      // A burst of two seconds' worth (10) passes, the next is refused; the default would allow 100.
      for (let i = 0; i < 11; i++) tab.emit('markMessagesAsSeen', { conversationId: 'nothing' });
      await expect
        .poll(() => errors)
        .toContainEqual({
          error: ERRORS.tooManyEvents,
          code: 'too_many_events',
          retryAfterMs: expect.any(Number),
        });
    } finally {
      await strict.close();
    }
  });
});
