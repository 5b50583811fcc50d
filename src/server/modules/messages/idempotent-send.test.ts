import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Conversation, Message, SendMessageRequest } from '../../../contracts/messages.js';
import type { SendMessageAck } from '../../../contracts/realtime.js';
import { fakeAiApp } from '../../test/fake-ai-app.js';
import { buildPersona, buildUser, type BuiltUser } from '../../test/factories.js';
import { collect, connectSocket, nextEvent, pause, type TestSocket } from '../../test/socket-client.js';
import { MESSAGE_ERRORS } from './messages.service.js';

// The fake AI provider is here for the persona case; everything else is plain person-to-person messaging.
const app = fakeAiApp();
const sockets: TestSocket[] = [];
afterAll(() => sockets.forEach((s) => s.close()));

async function people() {
  const ada = await buildUser(app.server.client());
  const bob = await buildUser(app.server.client());
  const bobTab = await connectSocket(app.server.baseUrl, bob.client, { userId: bob.user._id });
  sockets.push(bobTab);
  return { ada, bob, bobHears: collect(bobTab, 'newMessage') };
}

const post = (from: BuiltUser, body: SendMessageRequest) =>
  from.client.post<Message & { error?: string }>('/api/messages', body);

const stored = async (reader: BuiltUser, other: string) =>
  (await reader.client.get<Message[]>(`/api/messages/${other}`)).body;

describe('sending with a clientMessageId (exactly once from the user’s view)', () => {
  it('answers a retry over HTTP with the stored message: one row, one delivery, one unread', async () => {
    const { ada, bob, bobHears } = await people();
    const request = { message: 'only once', recipientId: bob.user._id, clientMessageId: randomUUID() };
    const first = await post(ada, request);
    const retry = await post(ada, request);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect((await stored(bob, ada.user._id)).map((m) => m._id)).toEqual([first.body._id]);
    await pause(200);
    expect(bobHears.map((m) => m._id)).toEqual([first.body._id]);
    const list = await bob.client.get<Conversation[]>('/api/messages/conversations');
    expect(list.body[0]?.unreadCount).toBe(1);
  });

  it('stores once when the same send arrives several times at once (one group commit)', async () => {
    const { ada, bob } = await people();
    const request = { message: 'impatient', recipientId: bob.user._id, clientMessageId: randomUUID() };
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(ada, request)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.body._id)).size).toBe(1);
    expect(await stored(bob, ada.user._id)).toHaveLength(1);
  });

  it('answers a retry over the socket the same way as over HTTP', async () => {
    const { ada, bob } = await people();
    const adaTab = await connectSocket(app.server.baseUrl, ada.client, { userId: ada.user._id });
    sockets.push(adaTab);
    const request = { message: 'by socket', recipientId: bob.user._id, clientMessageId: randomUUID() };
    const first: SendMessageAck = await adaTab.emitWithAck('sendMessage', request);
    const overHttp = await post(ada, request);
    const again: SendMessageAck = await adaTab.emitWithAck('sendMessage', request);
    expect('message' in first && first.message).toEqual(overHttp.body);
    expect(again).toEqual(first);
    expect(await stored(bob, ada.user._id)).toHaveLength(1);
  });

  it('refuses the same id for a different message or person with 409, and stores nothing', async () => {
    const { ada, bob } = await people();
    const carl = await buildUser(app.server.client());
    const clientMessageId = randomUUID();
    await post(ada, { message: 'the original', recipientId: bob.user._id, clientMessageId });
    const otherText = await post(ada, {
      message: 'something else',
      recipientId: bob.user._id,
      clientMessageId,
    });
    expect(otherText.status).toBe(409);
    expect(otherText.body).toEqual({ error: MESSAGE_ERRORS.clientIdReused, code: 'conflict' });
    const otherPerson = await post(ada, {
      message: 'the original',
      recipientId: carl.user._id,
      clientMessageId,
    });
    expect(otherPerson.status).toBe(409);
    expect(await stored(bob, ada.user._id)).toHaveLength(1);
    expect(await stored(carl, ada.user._id)).toEqual([]);
  });

  it('keeps ids per sender: another person may use the same one', async () => {
    const { ada, bob } = await people();
    const clientMessageId = randomUUID();
    const fromAda = await post(ada, { message: 'hi', recipientId: bob.user._id, clientMessageId });
    const fromBob = await post(bob, { message: 'hi', recipientId: ada.user._id, clientMessageId });
    expect(fromBob.status).toBe(201);
    expect(fromBob.body._id).not.toBe(fromAda.body._id);
    expect(await stored(ada, bob.user._id)).toHaveLength(2);
  });

  it('refuses a malformed id with 400', async () => {
    const { ada, bob } = await people();
    const res = await post(ada, { message: 'x', recipientId: bob.user._id, clientMessageId: 'no spaces!' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('clientMessageId must be 8 to 64 letters, digits, - or _');
    expect(await stored(bob, ada.user._id)).toEqual([]);
  });

  it('asks a persona once: a retry does not start a second reply', async () => {
    const me = await buildUser(app.server.client());
    const maker = await buildUser(app.server.client());
    const persona = await buildPersona(maker.client, { prompt: 'You are Nova.' });
    const myTab = await app.tab(me);
    app.fake.enqueue({ text: 'Ahoy.' });
    const before = app.fake.requests.length;
    const replied = nextEvent(myTab, 'aiReplyStart');
    const request = { message: 'Hello captain', recipientId: persona._id, clientMessageId: randomUUID() };
    await post(me, request);
    await replied;
    await post(me, request);
    await pause(300);
    expect(app.fake.requests.length - before).toBe(1);
  });
});
