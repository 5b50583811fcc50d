import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERRORS } from '../../contracts/errors.js';
import { SendMessageAck } from '../../contracts/realtime.js';
import { hogEventLoop, untilAdmitting } from '../test/event-loop-hog.js';
import { buildUser } from '../test/factories.js';
import { collect, connectSocket, pause, type TestSocket } from '../test/socket-client.js';
import { startTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
const sockets: TestSocket[] = [];
let stopHog: () => void = () => {};
beforeAll(async () => {
  server = await startTestServer({ OVERLOAD_MAX_EVENT_LOOP_DELAY: '100', OVERLOAD_RETRY_AFTER: '4s' });
});
beforeEach(() => untilAdmitting(server.baseUrl));
afterEach(() => {
  stopHog();
  sockets.splice(0).forEach((s) => s.close());
});
afterAll(() => server.close());

async function person() {
  const user = await buildUser(server.client());
  const socket = await connectSocket(server.baseUrl, user.client, { userId: user.user._id });
  sockets.push(socket);
  return { ...user, socket };
}

const BUSY_ACK = { error: ERRORS.serverBusy, code: 'server_busy', retryAfterMs: 4000 };

describe('socket sends under pressure', () => {
  it('are answered at once with server_busy and a retry hint, not processed, and go through once the loop is free', async () => {
    const ada = await person();
    const bob = await person();
    const received = collect(bob.socket, 'newMessage');
    const acks: SendMessageAck[] = [];
    const send = async () => {
      const ack = await ada.socket.emitWithAck('sendMessage', {
        message: 'hello',
        recipientId: bob.user._id,
      });
      acks.push(SendMessageAck.parse(ack));
      return acks.at(-1);
    };
    const poll = { timeout: 8000, interval: 100 };

    stopHog = hogEventLoop();
    await expect.poll(send, poll).toEqual(BUSY_ACK);
    stopHog();
    // Free again once five sends in a row are taken: a share admitted by chance would not do that.
    const fiveTaken = async () => {
      for (let i = 0; i < 5; i++) if (!('message' in ((await send()) ?? {}))) return false;
      return true;
    };
    await expect.poll(fiveTaken, poll).toBe(true);

    // Bob got exactly the accepted messages.
    const accepted = acks.filter((ack) => 'message' in ack).length;
    await expect.poll(() => received.length).toBe(accepted);
    await pause(100);
    expect(received).toHaveLength(accepted);
  });

  it('leave other events alone, and tell a sender that asked for no acknowledgement', async () => {
    const ada = await person();
    const errors = collect(ada.socket, 'messageError');
    // Sent as a careless client would: seen marks without their conversation, sends without an ack.
    const emit = ada.socket.emit.bind(ada.socket) as (event: string, payload: unknown) => void;
    stopHog = hogEventLoop();
    await expect
      .poll(
        () => {
          emit('markMessagesAsSeen', {});
          emit('sendMessage', { message: 'x', recipientId: ada.user._id });
          return errors.some((e) => e.code === 'server_busy');
        },
        { timeout: 8000, interval: 200 },
      )
      .toBe(true);
    expect(errors).toContainEqual({ error: ERRORS.serverBusy, code: 'server_busy' });
    // Every seen mark reached its handler, which refused the empty payload.
    expect(errors.filter((e) => e.code === 'invalid_input').length).toBeGreaterThan(0);
  });
});
