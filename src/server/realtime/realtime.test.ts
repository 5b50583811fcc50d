import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SendMessageAck } from '../../contracts/realtime.js';
import { ERRORS } from '../../contracts/errors.js';
import type { Message } from '../../contracts/messages.js';
import { buildUser, type BuiltUser } from '../test/factories.js';
import { collect, connectSocket, nextEvent, pause, type TestSocket } from '../test/socket-client.js';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { MESSAGE_ERRORS } from '../modules/messages/messages.service.js';
import { SOCKET_ERRORS } from './socket-auth.js';

let server: TestServer;
const open: TestSocket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(() => server.close());

async function tab(user: BuiltUser, query: Record<string, string> = { userId: user.user._id }) {
  const socket = await connectSocket(server.baseUrl, user.client, query);
  open.push(socket);
  return socket;
}

const send = (from: BuiltUser, to: BuiltUser, message: string) =>
  from.client.post<Message>('/api/messages', { message, recipientId: to.user._id });

describe('socket handshake', () => {
  it('refuses a socket without a session, saying why with a code', async () => {
    await expect(connectSocket(server.baseUrl, server.client(), {})).rejects.toMatchObject({
      message: ERRORS.notSignedIn,
      data: { error: ERRORS.notSignedIn, code: 'not_signed_in' },
    });
  });

  it('refuses a userId query that is not the signed-in user', async () => {
    const eve = await buildUser(server.client());
    const bob = await buildUser(server.client());
    await expect(connectSocket(server.baseUrl, eve.client, { userId: bob.user._id })).rejects.toMatchObject({
      message: SOCKET_ERRORS.userMismatch,
      data: { error: SOCKET_ERRORS.userMismatch, code: 'forbidden' },
    });
  });

  it('closes the session’s sockets on logout', async () => {
    const ada = await buildUser(server.client());
    const socket = await tab(ada);
    const closed = new Promise((resolve) => socket.once('disconnect', resolve));
    await ada.client.post('/api/users/logout', {});
    await expect(closed).resolves.toBe('io server disconnect');
  });
});

describe('delivery', () => {
  it('delivers a message to every open tab of sender and recipient, and to nobody else', async () => {
    const ada = await buildUser(server.client());
    const bob = await buildUser(server.client());
    const eve = await buildUser(server.client());
    const tabs = [await tab(ada), await tab(ada), await tab(bob), await tab(bob)];
    const eveSeen = collect(await tab(eve), 'newMessage');
    const arrivals = tabs.map((s) => nextEvent(s, 'newMessage'));
    const { body } = await send(ada, bob, 'to all my tabs');
    for (const message of await Promise.all(arrivals)) expect(message).toEqual(body);
    await pause(100);
    expect(eveSeen).toEqual([]);
  });

  it('sends over the socket with an acknowledgement, the same as POST', async () => {
    const ada = await buildUser(server.client());
    const bob = await buildUser(server.client());
    const adaTab = await tab(ada);
    const arrival = nextEvent(await tab(bob), 'newMessage');
    const ack = await adaTab.emitWithAck('sendMessage', {
      message: ' via socket ',
      recipientId: bob.user._id,
    });
    expect(SendMessageAck.parse(ack)).toMatchObject({
      message: { text: 'via socket', sender: ada.user._id },
    });
    expect(await arrival).toEqual('message' in ack ? ack.message : undefined);
    const refused = await adaTab.emitWithAck('sendMessage', {
      message: 'x',
      recipientId: bob.user._id,
      senderId: bob.user._id,
    });
    expect(SendMessageAck.parse(refused)).toEqual({ error: MESSAGE_ERRORS.forgedSender, code: 'forbidden' });
  });

  it('a message is stored before it is delivered, so a reconnecting client can fetch what it missed', async () => {
    const ada = await buildUser(server.client());
    const bob = await buildUser(server.client());
    const bobTab = await tab(bob);
    const first = nextEvent(bobTab, 'newMessage');
    await send(ada, bob, 'before the drop');
    const delivered = await first;
    const stored = await bob.client.get<Message[]>(`/api/messages/${ada.user._id}`);
    expect(stored.body).toContainEqual(delivered);
    bobTab.close();
    await send(ada, bob, 'while away 1');
    await send(ada, bob, 'while away 2');
    const back = await tab(bob);
    expect(back.connected).toBe(true);
    const missed = await bob.client.get<Message[]>(`/api/messages/${ada.user._id}`);
    expect(missed.body.map((m) => m.text)).toEqual(['before the drop', 'while away 1', 'while away 2']);
  });
});

describe('presence', () => {
  it('counts tabs: a contact goes offline only when their last tab closes', async () => {
    const ada = await buildUser(server.client());
    const bob = await buildUser(server.client());
    await send(ada, bob, 'we are contacts now');
    const adaTab = await tab(ada);
    const online = nextEvent(adaTab, 'userOnline');
    const bob1 = await tab(bob);
    expect(await online).toBe(bob.user._id);
    const offline = collect(adaTab, 'userOffline');
    const bob2 = await tab(bob);
    bob1.close();
    await pause(150);
    expect(offline).toEqual([]);
    const gone = nextEvent(adaTab, 'userOffline');
    bob2.close();
    expect(await gone).toBe(bob.user._id);
  });

  it('tells a connecting tab which contacts are online, and never reveals strangers', async () => {
    const ada = await buildUser(server.client());
    const bob = await buildUser(server.client());
    const stranger = await buildUser(server.client());
    await send(ada, bob, 'hi');
    await tab(bob);
    await tab(stranger);
    let list: Promise<string[]> | undefined;
    const adaTab = await connectSocket(server.baseUrl, ada.client, {}, (s) => {
      list = nextEvent(s, 'getOnlineUsers');
    });
    open.push(adaTab);
    const ids = await list;
    expect(ids).toEqual([bob.user._id]);
  });

  it('introduces two people who just became contacts', async () => {
    const ada = await buildUser(server.client());
    const bob = await buildUser(server.client());
    const adaTab = await tab(ada);
    const bobTab = await tab(bob);
    const adaLearns = nextEvent(adaTab, 'userOnline');
    const bobLearns = nextEvent(bobTab, 'userOnline');
    await send(ada, bob, 'nice to meet you');
    expect(await adaLearns).toBe(bob.user._id);
    expect(await bobLearns).toBe(ada.user._id);
  });
});

describe('seen marks', () => {
  it('marks what the other side sent as seen and tells both people', async () => {
    const ada = await buildUser(server.client());
    const bob = await buildUser(server.client());
    const { body: m1 } = await send(ada, bob, 'did you read this?');
    await send(bob, ada, 'my own reply stays unseen');
    const adaTab = await tab(ada);
    const bobTab = await tab(bob);
    const told = nextEvent(adaTab, 'messagesSeen');
    bobTab.emit('markMessagesAsSeen', { conversationId: m1.conversationId, userId: bob.user._id });
    expect(await told).toEqual({ conversationId: m1.conversationId, seenBy: bob.user._id });
    const messages = await ada.client.get<Message[]>(`/api/messages/${bob.user._id}`);
    expect(messages.body.map((m) => [m.text, m.seen])).toEqual([
      ['did you read this?', true],
      ['my own reply stays unseen', false],
    ]);
  });

  it('refuses to mark someone else’s conversation, or to act for another user', async () => {
    const ada = await buildUser(server.client());
    const bob = await buildUser(server.client());
    const eve = await buildUser(server.client());
    const { body: m1 } = await send(ada, bob, 'secret');
    const eveTab = await tab(eve);
    const refusal = nextEvent(eveTab, 'messageError');
    eveTab.emit('markMessagesAsSeen', { conversationId: m1.conversationId, userId: eve.user._id });
    expect(await refusal).toEqual({ error: MESSAGE_ERRORS.notParticipant, code: 'forbidden' });
    const bobTab = await tab(bob);
    const forged = nextEvent(bobTab, 'messageError');
    bobTab.emit('markMessagesAsSeen', { conversationId: m1.conversationId, userId: ada.user._id });
    expect(await forged).toEqual({
      error: 'You can only mark messages as seen for yourself',
      code: 'forbidden',
    });
    const stored = await bob.client.get<Message[]>(`/api/messages/${ada.user._id}`);
    expect(stored.body[0]?.seen).toBe(false);
  });
});

describe('send rate limit over sockets', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ MESSAGE_RATE_LIMIT: '3' });
  });
  afterAll(() => limited.close());

  it('gives the flooder an error event and leaves others unaffected', async () => {
    const flooder = await buildUser(limited.client());
    const calm = await buildUser(limited.client());
    const flooderTab = await connectSocket(limited.baseUrl, flooder.client);
    const calmTab = await connectSocket(limited.baseUrl, calm.client);
    const warned = nextEvent(flooderTab, 'messageError');
    const answers = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push(
        await flooderTab.emitWithAck('sendMessage', { message: `spam ${i}`, recipientId: calm.user._id }),
      );
    }
    expect(answers.filter((a) => 'error' in a)).toHaveLength(2);
    expect(await warned).toEqual({
      error: MESSAGE_ERRORS.tooFast,
      code: 'rate_limited',
      retryAfterMs: expect.any(Number),
    });
    const ok = await calmTab.emitWithAck('sendMessage', {
      message: 'all fine here',
      recipientId: flooder.user._id,
    });
    expect(ok).toHaveProperty('message');
    flooderTab.close();
    calmTab.close();
  });
});
