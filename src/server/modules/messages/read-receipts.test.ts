import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Message } from '../../../contracts/messages.js';
import type { ProfileResponse, SelfUser } from '../../../contracts/users.js';
import { buildUser, type BuiltUser } from '../../test/factories.js';
import { collect, connectSocket, nextEvent, type TestSocket } from '../../test/socket-client.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
const open: TestSocket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const socket of open) socket.close();
  await server.close();
});

const send = async (from: BuiltUser, to: BuiltUser, message: string) =>
  (await from.client.post<Message>('/api/messages', { message, recipientId: to.user._id })).body;

async function setReceipts(person: BuiltUser, on: boolean): Promise<SelfUser> {
  const res = await person.client.put<SelfUser>(`/api/users/update/${person.user._id}`, { readReceipts: on });
  expect(res.status).toBe(200);
  return res.body;
}

async function tabOf(person: BuiltUser): Promise<TestSocket> {
  const tab = await connectSocket(server.baseUrl, person.client, { userId: person.user._id });
  open.push(tab);
  return tab;
}

/** The seen flags `viewer` is shown on the messages `sender` wrote in their conversation with `other`. */
async function seenShown(viewer: BuiltUser, other: BuiltUser, sender: BuiltUser): Promise<boolean[]> {
  const { body } = await viewer.client.get<Message[]>(`/api/messages/${other.user._id}`);
  return body.filter((m) => m.sender === sender.user._id).map((m) => m.seen);
}

const latestOf = async (viewer: BuiltUser) =>
  (await viewer.client.get<Conversation[]>('/api/messages/conversations')).body[0];

/**
 * Reader marks the conversation seen from a tab and waits until their own tab hears it; then the reader sends
 * the writer a message, which the writer's tab hears after any seen mark sent before it (one process, one order).
 */
async function readThenReply(
  reader: BuiltUser,
  writer: BuiltUser,
  writerTab: TestSocket,
  conversationId: string,
) {
  const readerTab = await tabOf(reader);
  const ownEcho = nextEvent(readerTab, 'messagesSeen');
  readerTab.emit('markMessagesAsSeen', { conversationId });
  expect(await ownEcho).toEqual({ conversationId, seenBy: reader.user._id });
  const reply = nextEvent(writerTab, 'newMessage');
  await send(reader, writer, 'read it');
  await reply;
}

describe('read receipts switched off by the reader', () => {
  it('clears the reader’s unread count, tells only the reader’s tabs, and marks nothing seen', async () => {
    const ada = await buildUser(server.client());
    const bob = await buildUser(server.client());
    expect((await setReceipts(bob, false)).readReceipts).toBe(false);
    const adaTab = await tabOf(ada);
    const heardByAda = collect(adaTab, 'messagesSeen');
    const first = await send(ada, bob, 'are you there?');

    // Read, with nothing sent back yet: Ada's list still shows her message unseen.
    const bobTab = await tabOf(bob);
    const read = nextEvent(bobTab, 'messagesSeen');
    bobTab.emit('markMessagesAsSeen', { conversationId: first.conversationId });
    await read;
    expect((await latestOf(ada))?.latestMessage).toMatchObject({ text: 'are you there?', seen: false });
    expect((await latestOf(bob))?.unreadCount).toBe(0);
    const reply = nextEvent(adaTab, 'newMessage');
    await send(bob, ada, 'read it');
    await reply;
    expect(heardByAda).toEqual([]);
    expect(await seenShown(ada, bob, ada)).toEqual([false]);
    // The list shows Bob's reply now; his unread count of Ada's message went.
    await send(ada, bob, 'ok');
    expect((await latestOf(bob))?.unreadCount).toBe(1);
  });

  it('never reveals later what was read while they were off', async () => {
    const ada = await buildUser(server.client());
    const bob = await buildUser(server.client());
    await setReceipts(bob, false);
    const adaTab = await tabOf(ada);
    const heardByAda = collect(adaTab, 'messagesSeen');
    const early = await send(ada, bob, 'read while off');
    await readThenReply(bob, ada, adaTab, early.conversationId);

    await setReceipts(bob, true);
    await send(ada, bob, 'read while on');
    await readThenReply(bob, ada, adaTab, early.conversationId);
    expect(heardByAda).toEqual([{ conversationId: early.conversationId, seenBy: bob.user._id }]);
    expect(await seenShown(ada, bob, ada)).toEqual([false, true]);
  });
});

describe('read receipts switched off by the writer', () => {
  it('the writer sees no seen marks on what they sent, in pages, the list or events', async () => {
    const ada = await buildUser(server.client());
    const bob = await buildUser(server.client());
    await setReceipts(ada, false);
    const adaTab = await tabOf(ada);
    const heardByAda = collect(adaTab, 'messagesSeen');
    const first = await send(ada, bob, 'hello');
    await send(ada, bob, 'still there?');

    const bobTab = await tabOf(bob);
    const ownEcho = nextEvent(bobTab, 'messagesSeen');
    bobTab.emit('markMessagesAsSeen', { conversationId: first.conversationId });
    await ownEcho;
    expect((await latestOf(ada))?.latestMessage).toMatchObject({ text: 'still there?', seen: false });
    expect(await seenShown(ada, bob, ada)).toEqual([false, false]);
    const reply = nextEvent(adaTab, 'newMessage');
    await send(bob, ada, 'yes');
    await reply;
    expect(heardByAda).toEqual([]);

    // Bob sends receipts, so when Ada turns hers on she sees that he read them.
    await setReceipts(ada, true);
    expect(await seenShown(ada, bob, ada)).toEqual([true, true]);
  });
});

describe('the setting', () => {
  it('is on by default, only on one’s own account, and must be a boolean', async () => {
    const ada = await buildUser(server.client());
    const bob = await buildUser(server.client());
    const own = await ada.client.get<ProfileResponse>(`/api/users/profile/${ada.user.username}`);
    expect(own.body.readReceipts).toBe(true);
    const others = await bob.client.get<ProfileResponse>(`/api/users/profile/${ada.user.username}`);
    expect(others.body).not.toHaveProperty('readReceipts');

    const bad = await ada.client.put(`/api/users/update/${ada.user._id}`, { readReceipts: 'no' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'readReceipts must be true or false' });
    const notMine = await bob.client.put(`/api/users/update/${ada.user._id}`, { readReceipts: false });
    expect(notMine.status).toBe(403);
    expect(
      (await ada.client.get<ProfileResponse>(`/api/users/profile/${ada.user._id}`)).body.readReceipts,
    ).toBe(true);
  });
});
