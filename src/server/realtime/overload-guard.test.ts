import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../contracts/errors.js';
import { SendMessageAck } from '../../contracts/realtime.js';
import { hogEventLoop, untilPressure } from '../test/event-loop-hog.js';
import { buildUser } from '../test/factories.js';
import { collect, connectSocket, pause, type TestSocket } from '../test/socket-client.js';
import { startTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
const sockets: TestSocket[] = [];
let stopHog: () => void = () => {};
beforeAll(async () => {
  server = await startTestServer({ OVERLOAD_MAX_EVENT_LOOP_DELAY: '30', OVERLOAD_RETRY_AFTER: '4s' });
});
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

describe('socket sends under pressure', () => {
  it('are answered at once with server_busy and a retry hint, not processed, and go through once the loop is free', async () => {
    const ada = await person();
    const bob = await person();
    const received = collect(bob.socket, 'newMessage');
    const send = async () =>
      SendMessageAck.parse(
        await ada.socket.emitWithAck('sendMessage', { message: 'hello', recipientId: bob.user._id }),
      );

    stopHog = hogEventLoop();
    await untilPressure(server, true);
    expect(await send()).toEqual({ error: ERRORS.serverBusy, code: 'server_busy', retryAfterMs: 4000 });

    stopHog();
    await untilPressure(server, false);
    expect(await send()).toMatchObject({ message: { text: 'hello', sender: ada.user._id } });
    await expect.poll(() => received.length).toBe(1);
    await pause(100);
    expect(received).toHaveLength(1);
  });

  it('leave other events alone, and tell a sender that asked for no acknowledgement', async () => {
    const ada = await person();
    const errors = collect(ada.socket, 'messageError');
    stopHog = hogEventLoop();
    await untilPressure(server, true);
    // Sent as a careless client would: a seen mark without its conversation, a send without an ack.
    const emit = ada.socket.emit.bind(ada.socket) as (event: string, payload: unknown) => void;
    emit('markMessagesAsSeen', {});
    emit('sendMessage', { message: 'x', recipientId: ada.user._id });
    await expect.poll(() => errors.length).toBe(2);
    // The seen mark reached its handler (which refused the empty payload); the send was refused as busy.
    expect(errors).toEqual(
      expect.arrayContaining([
        { error: 'conversationId is required', code: 'invalid_input' },
        { error: ERRORS.serverBusy, code: 'server_busy' },
      ]),
    );
  });
});
