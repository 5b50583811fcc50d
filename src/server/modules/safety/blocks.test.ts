import { describe, expect, it } from 'vitest';
import type { Conversation, Message } from '../../../contracts/messages.js';
import type { DirectoryEntry } from '../../../contracts/personas.js';
import type { SendMessageAck } from '../../../contracts/realtime.js';
import { SAFETY_ERRORS, type BlockedPerson } from '../../../contracts/safety.js';
import type { SearchResult } from '../../../contracts/search.js';
import type { ProfileResponse } from '../../../contracts/users.js';
import { fakeAiApp } from '../../test/fake-ai-app.js';
import { buildPersona, buildUser, type BuiltUser } from '../../test/factories.js';
import { collect, connectSocket, nextEvent, pause } from '../../test/socket-client.js';

const app = fakeAiApp();

const send = (from: BuiltUser, to: string, message: string) =>
  from.client.post<Message>('/api/messages', { message, recipientId: to });
const block = (by: BuiltUser, whom: string) => by.client.put(`/api/users/blocks/${whom}`);
const unblock = (by: BuiltUser, whom: string) => by.client.request('DELETE', `/api/users/blocks/${whom}`);
const conversationsOf = async (user: BuiltUser) =>
  (await user.client.get<Conversation[]>('/api/messages/conversations')).body;
const partnersOf = async (user: BuiltUser) =>
  (await conversationsOf(user)).map((c) => c.participants[0]?.username);

/** The getOnlineUsers list a tab opened now by `user` is sent. */
async function onlineListOfNewTab(user: BuiltUser): Promise<string[]> {
  let online: Promise<string[]> | undefined;
  const socket = await connectSocket(app.server.baseUrl, user.client, {}, (s) => {
    online = nextEvent(s, 'getOnlineUsers');
  });
  try {
    return await (online as Promise<string[]>);
  } finally {
    socket.close();
  }
}

/** Vera and Bob have talked; Bob has a persona Vera chats with. */
async function acquainted() {
  const vera = await buildUser(app.server.client());
  const bob = await buildUser(app.server.client());
  const bobsPersona = await buildPersona(bob.client, { bio: 'Knows about lighthouses' });
  expect((await send(bob, vera.user._id, 'hello vera, about lighthouses')).status).toBe(201);
  expect((await send(vera, bob.user._id, 'hi bob, lighthouses indeed')).status).toBe(201);
  expect((await send(vera, bobsPersona._id, 'tell me about lighthouses')).status).toBe(201);
  return { vera, bob, bobsPersona };
}

describe('blocking a person', () => {
  it('refuses their messages and forwards without saying why, and the blocker’s own with a reason', async () => {
    const { vera, bob } = await acquainted();
    const carol = await buildUser(app.server.client());
    const forwardable = (await send(carol, bob.user._id, 'pass this to vera')).body;
    expect((await block(vera, bob.user._id)).status).toBe(204);

    const refused = await send(bob, vera.user._id, 'are you there?');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: SAFETY_ERRORS.notDelivered, code: 'not_delivered' });
    const forwarded = await bob.client.post('/api/messages/forward', {
      messageId: forwardable._id,
      toUsername: vera.user.username,
    });
    expect(forwarded.status).toBe(403);
    expect(forwarded.body).toEqual({ error: SAFETY_ERRORS.notDelivered, code: 'not_delivered' });
    const bobTab = await app.tab(bob);
    const ack = await new Promise<SendMessageAck>((resolve) =>
      bobTab.emit('sendMessage', { message: 'by socket', recipientId: vera.user._id }, resolve),
    );
    expect(ack).toEqual({ error: SAFETY_ERRORS.notDelivered, code: 'not_delivered' });

    const mine = await send(vera, bob.user._id, 'one more thing');
    expect(mine.status).toBe(403);
    expect(mine.body).toEqual({ error: SAFETY_ERRORS.youBlocked, code: 'blocked' });

    // Nothing of it was stored: Vera's history with Bob ends where it did.
    const history = (await vera.client.get<Message[]>(`/api/messages/${bob.user._id}`)).body;
    expect(history.map((m) => m.text)).toEqual([
      'hello vera, about lighthouses',
      'hi bob, lighthouses indeed',
    ]);

    expect((await unblock(vera, bob.user._id)).status).toBe(204);
    expect((await send(bob, vera.user._id, 'back again')).status).toBe(201);
  });

  it('hides them and their personas from the blocker’s list, directory and search, not the reverse', async () => {
    const { vera, bob, bobsPersona } = await acquainted();
    const directory = async (user: BuiltUser) =>
      (await user.client.get<DirectoryEntry[]>(`/api/users/directory?q=${bobsPersona.username}`)).body.map(
        (p) => p._id,
      );
    const searched = async (user: BuiltUser) =>
      (await user.client.get<SearchResult[]>('/api/search?q=lighthouses')).body;
    expect(await partnersOf(vera)).toEqual([bobsPersona.username, bob.user.username]);
    expect(await directory(vera)).toContain(bobsPersona._id);
    expect((await searched(vera)).length).toBeGreaterThanOrEqual(3);

    await block(vera, bob.user._id);
    expect(await partnersOf(vera)).toEqual([]);
    expect(await directory(vera)).not.toContain(bobsPersona._id);
    expect(await searched(vera)).toEqual([]);
    // Bob still sees his conversation with Vera (its history is his too) and his own persona.
    expect(await partnersOf(bob)).toEqual([vera.user.username]);
    expect(await directory(bob)).toContain(bobsPersona._id);

    const seats = [bobsPersona._id, (await buildPersona(vera.client))._id];
    const started = await vera.client.post('/api/charioteer/discussions', {
      topic: 'Tea?',
      personaIds: seats,
    });
    expect(started.status).toBe(404);

    await unblock(vera, bob.user._id);
    expect(await partnersOf(vera)).toEqual([bobsPersona.username, bob.user.username]);
    expect(await directory(vera)).toContain(bobsPersona._id);
  });

  it('ends presence both ways and marks nothing seen across the block', async () => {
    const { vera, bob } = await acquainted();
    const veraTab = await app.tab(vera);
    const bobTab = await app.tab(bob);
    await pause(100);
    const bobHears = nextEvent(bobTab, 'userOffline');
    const veraHears = nextEvent(veraTab, 'blocksChanged');
    await block(vera, bob.user._id);
    expect(await bobHears).toBe(vera.user._id);
    await veraHears;

    const seen = collect(bobTab, 'messagesSeen');
    const conversationId = (await conversationsOf(bob))[0]?._id ?? '';
    veraTab.emit('markMessagesAsSeen', { conversationId });
    await pause(300);
    expect(seen).toEqual([]);
    const bobsHistory = (await bob.client.get<Message[]>(`/api/messages/${vera.user._id}`)).body;
    expect(bobsHistory.find((m) => m.sender === bob.user._id)?.seen).toBe(false);

    // A tab opened now is not told the other is online; after an unblock it is again.
    expect(await onlineListOfNewTab(bob)).not.toContain(vera.user._id);
    await unblock(vera, bob.user._id);
    expect(await onlineListOfNewTab(bob)).toContain(vera.user._id);
  });

  it('lists the blocked people with Unblock; the profile says whom the viewer blocked, never who blocked them', async () => {
    const { vera, bob } = await acquainted();
    await block(vera, bob.user._id);
    await block(vera, bob.user._id);
    const list = (await vera.client.get<BlockedPerson[]>('/api/users/blocks')).body;
    expect(list).toEqual([
      {
        _id: bob.user._id,
        username: bob.user.username,
        name: bob.user.name,
        profilePic: bob.user.profilePic,
        blockedAt: expect.any(String),
      },
    ]);
    const seenByVera = await vera.client.get<ProfileResponse>(`/api/users/profile/${bob.user.username}`);
    expect(seenByVera.body.blockedByYou).toBe(true);
    const seenByBob = await bob.client.get<ProfileResponse>(`/api/users/profile/${vera.user.username}`);
    expect(seenByBob.body.blockedByYou).toBe(false);
    expect((await bob.client.get<BlockedPerson[]>('/api/users/blocks')).body).toEqual([]);

    await unblock(vera, bob.user._id);
    expect((await vera.client.get<BlockedPerson[]>('/api/users/blocks')).body).toEqual([]);
  });

  it('refuses blocking oneself, a persona, or someone who does not exist', async () => {
    const vera = await buildUser(app.server.client());
    const persona = await buildPersona(vera.client);
    expect((await block(vera, vera.user._id)).body).toMatchObject({ error: SAFETY_ERRORS.blockYourself });
    const personaBlock = await block(vera, persona._id);
    expect(personaBlock.status).toBe(400);
    expect(personaBlock.body).toMatchObject({ error: SAFETY_ERRORS.blockPersona });
    expect((await block(vera, '0190a0a0-0000-7000-8000-000000000000')).status).toBe(404);
    expect((await block(vera, 'not-an-id')).status).toBe(404);
  });
});

describe('muting a conversation', () => {
  it('is one side’s setting: still listed and counted, marked muted, for that person only', async () => {
    const { vera, bob } = await acquainted();
    const conversation = (await conversationsOf(vera)).find((c) => c.participants[0]?._id === bob.user._id);
    const path = `/api/messages/conversations/${conversation?._id ?? ''}/mute`;
    const muted = await vera.client.put(path, { muted: true });
    expect(muted.body).toEqual({ _id: conversation?._id, muted: true });
    await send(bob, vera.user._id, 'still here');
    const veraSees = (await conversationsOf(vera)).find((c) => c._id === conversation?._id);
    expect(veraSees).toMatchObject({ muted: true, unreadCount: (conversation?.unreadCount ?? 0) + 1 });
    expect((await conversationsOf(bob))[0]).toMatchObject({ muted: false });

    expect((await vera.client.put(path, { muted: 'yes' })).status).toBe(400);
    expect((await app.server.client().put(path, { muted: false })).status).toBe(401);
    const stranger = await buildUser(app.server.client());
    expect((await stranger.client.put(path, { muted: true })).status).toBe(403);
    await vera.client.put(path, { muted: false });
    expect((await conversationsOf(vera)).find((c) => c._id === conversation?._id)?.muted).toBe(false);
  });
});
