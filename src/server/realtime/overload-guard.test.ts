import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERRORS } from '../../contracts/errors.js';
import { SendMessageAck } from '../../contracts/realtime.js';
import { hogEventLoop, untilAdmitting } from '../test/event-loop-hog.js';
import { buildUser, type BuiltUser } from '../test/factories.js';
import { startRoom } from '../test/rooms.js';
import { collect, connectSocket, pause, type TestSocket } from '../test/socket-client.js';
import { startTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
const sockets: TestSocket[] = [];
let stopHog: () => void = () => {};
// Made before any test hogs the loop: after one, admission recovers gradually, and a sign-up may be shed.
let ada: BuiltUser;
let bob: BuiltUser;
beforeAll(async () => {
  server = await startTestServer({ OVERLOAD_MAX_EVENT_LOOP_DELAY: '100', OVERLOAD_RETRY_AFTER: '4s' });
  ada = await buildUser(server.client());
  bob = await buildUser(server.client());
});
beforeEach(() => untilAdmitting(server.baseUrl), 30_000);
afterEach(() => {
  stopHog();
  sockets.splice(0).forEach((s) => s.close());
});
afterAll(() => server.close());

async function tab(user: BuiltUser) {
  const socket = await connectSocket(server.baseUrl, user.client, { userId: user.user._id });
  sockets.push(socket);
  return { ...user, socket };
}

const BUSY_ACK = { error: ERRORS.serverBusy, code: 'server_busy', retryAfterMs: 4000 };

describe('socket sends under pressure', () => {
  it('are answered at once with server_busy and a retry hint, not processed, and go through once the loop is free', async () => {
    const adaTab = await tab(ada);
    const bobTab = await tab(bob);
    const received = collect(bobTab.socket, 'newMessage');
    const acks: SendMessageAck[] = [];
    const send = async () => {
      const ack = await adaTab.socket.emitWithAck('sendMessage', {
        message: 'hello',
        recipientId: bob.user._id,
      });
      acks.push(SendMessageAck.parse(ack));
      return acks.at(-1);
    };
    // From the 2 % floor, admission takes about 18 one-second steps to be whole again.
    const poll = { timeout: 25_000, interval: 100 };

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
  }, 60_000);

  it('refuse a room send alike', async () => {
    const room = await startRoom(ada, [bob]);
    const adaTab = await tab(ada);
    const send = async () =>
      SendMessageAck.parse(
        await adaTab.socket.emitWithAck('sendRoomMessage', { roomId: room._id, message: 'hi' }),
      );
    stopHog = hogEventLoop();
    await expect.poll(send, { timeout: 25_000, interval: 100 }).toEqual(BUSY_ACK);
  }, 60_000);

  it('leave other events alone, and tell a sender that asked for no acknowledgement', async () => {
    const adaTab = await tab(ada);
    const errors = collect(adaTab.socket, 'messageError');
    // Sent as a careless client would: seen marks without their conversation, sends without an ack.
    const emit = adaTab.socket.emit.bind(adaTab.socket) as (event: string, payload: unknown) => void;
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
  }, 60_000);
});
