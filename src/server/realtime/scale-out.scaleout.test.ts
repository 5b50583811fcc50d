import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Message } from '../../contracts/messages.js';
import { buildUser, type BuiltUser } from '../test/factories.js';
import { TestClient } from '../test/http-client.js';
import type { ServerProcess } from '../test/server-process.js';
import { nextEvent, type TestSocket } from '../test/socket-client.js';
import { scaleOutRedisUrl, startTwoProcesses, type TwoProcesses } from '../test/two-processes.js';

const redisUrl = scaleOutRedisUrl();

let cluster: TwoProcesses;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  cluster = await startTwoProcesses({ REDIS_URL: redisUrl });
  ({ a, b } = cluster);
});

afterAll(() => cluster?.close());

const on = (server: ServerProcess, user: BuiltUser, before?: (s: TestSocket) => void) =>
  cluster.on(server, user, before);

describe('two server processes sharing PostgreSQL and Redis', () => {
  it('act as one: messages, presence, seen marks and logout cross between them', async () => {
    const ada = await buildUser(new TestClient(a.baseUrl));
    // Bob's account, made on A, signs in on B: sessions live in the shared database.
    const bob = await cluster.signIn(b, await buildUser(new TestClient(a.baseUrl)));

    const adaSocket = await on(a, ada);
    const bobSocket = await on(b, bob);

    const bobReceives = nextEvent(bobSocket, 'newMessage');
    const adaLearnsBobOnline = nextEvent(adaSocket, 'userOnline');
    const sent = await ada.client.post<Message>('/api/messages', {
      message: 'hello from A',
      recipientId: bob.user._id,
    });
    expect(sent.status).toBe(201);
    expect(await bobReceives).toEqual(sent.body);
    expect(await adaLearnsBobOnline).toBe(bob.user._id);

    const adaReceives = nextEvent(adaSocket, 'newMessage');
    const ack = await bobSocket.emitWithAck('sendMessage', {
      message: 'hello from B',
      recipientId: ada.user._id,
    });
    expect(await adaReceives).toEqual('message' in ack ? ack.message : undefined);

    const seen = nextEvent(adaSocket, 'messagesSeen');
    bobSocket.emit('markMessagesAsSeen', { conversationId: sent.body.conversationId, userId: bob.user._id });
    expect(await seen).toEqual({ conversationId: sent.body.conversationId, seenBy: bob.user._id });

    let onlineList: Promise<string[]> | undefined;
    const adaSecondTab = await on(a, ada, (s) => {
      onlineList = nextEvent(s, 'getOnlineUsers');
    });
    expect(await onlineList).toEqual([bob.user._id]);
    adaSecondTab.close();

    const bobOffline = nextEvent(adaSocket, 'userOffline');
    const bobClosed = new Promise((resolve) => bobSocket.once('disconnect', resolve));
    await bob.client.post('/api/users/logout', {});
    await bobClosed;
    expect(await bobOffline).toBe(bob.user._id);
  });

  it('a conversation list read on one process shows a message sent through the other right after', async () => {
    const dee = await buildUser(new TestClient(a.baseUrl));
    const eli = await buildUser(new TestClient(a.baseUrl));
    const onB = new TestClient(b.baseUrl);
    const listOnB = async () =>
      (
        await onB.request<Conversation[]>('GET', '/api/messages/conversations', undefined, {
          cookie: eli.client.cookieHeader,
        })
      ).body.map((c) => c.latestMessage.text);
    await dee.client.post('/api/messages', { message: 'one', recipientId: eli.user._id });
    expect(await listOnB()).toEqual(['one']);
    await dee.client.post('/api/messages', { message: 'two', recipientId: eli.user._id });
    // No waiting: a list B kept from before would still say "one".
    expect(await listOnB()).toEqual(['two']);
  });

  it('a session ended on one process stops working on the other at once, though both had it cached', async () => {
    const cy = await buildUser(new TestClient(a.baseUrl));
    const onB = new TestClient(b.baseUrl);
    const me = () => onB.request('GET', '/api/users/me', undefined, { cookie: cy.client.cookieHeader });
    expect((await me()).status).toBe(200);
    expect((await cy.client.get('/api/users/me')).status).toBe(200);
    await cy.client.post('/api/users/logout', {});
    // The revocation travels over Redis; B must drop its cached session within moments, not after a minute.
    await expect.poll(async () => (await me()).status, { timeout: 2000, interval: 50 }).toBe(401);
  });

  it('a block made through one process holds at once on the other: HTTP, socket, presence and lists', async () => {
    const vera = await buildUser(new TestClient(a.baseUrl));
    const bob = await cluster.signIn(b, await buildUser(new TestClient(a.baseUrl)));
    await bob.client.post('/api/messages', { message: 'before the block', recipientId: vera.user._id });
    await vera.client.post('/api/messages', { message: 'reply', recipientId: bob.user._id });
    const bobSocket = await on(b, bob);
    const veraOnB = await cluster.signIn(b, vera);
    // B reads Vera's list and Bob's blocks before the block, so anything it kept would now be stale.
    expect((await veraOnB.client.get<Conversation[]>('/api/messages/conversations')).body).toHaveLength(1);
    expect(
      (await bob.client.post('/api/messages', { message: 'ok', recipientId: vera.user._id })).status,
    ).toBe(201);
    const veraSocket = await on(a, vera);

    const bobHearsOffline = nextEvent(bobSocket, 'userOffline');
    expect((await vera.client.put(`/api/users/blocks/${bob.user._id}`)).status).toBe(204);
    expect(await bobHearsOffline).toBe(vera.user._id);

    const refused = await bob.client.post('/api/messages', { message: 'hello?', recipientId: vera.user._id });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'not_delivered' });
    const ack = await bobSocket.emitWithAck('sendMessage', { message: 'hello?', recipientId: vera.user._id });
    expect(ack).toMatchObject({ code: 'not_delivered' });
    expect((await veraOnB.client.get<Conversation[]>('/api/messages/conversations')).body).toEqual([]);

    let onlineList: Promise<string[]> | undefined;
    const bobSecondTab = await on(b, bob, (s) => {
      onlineList = nextEvent(s, 'getOnlineUsers');
    });
    expect(await onlineList).not.toContain(vera.user._id);
    bobSecondTab.close();
    veraSocket.close();
  });

  it('an account deleted through one process is signed out on the other at once, its conversation kept', async () => {
    const zed = await buildUser(new TestClient(a.baseUrl));
    const yara = await cluster.signIn(b, await buildUser(new TestClient(a.baseUrl)));
    await zed.client.post('/api/messages', { message: 'leaving soon', recipientId: yara.user._id });
    const zedOnB = await cluster.signIn(b, zed);
    expect((await zedOnB.client.get('/api/users/me')).status).toBe(200);
    const zedSocket = await on(b, zedOnB);
    const closed = new Promise((resolve) => zedSocket.once('disconnect', resolve));

    const deleted = await zed.client.request('DELETE', '/api/users/me', { password: zed.password });
    expect(deleted.status).toBe(200);
    await closed;
    await expect
      .poll(async () => (await zedOnB.client.get('/api/users/me')).status, { timeout: 2000 })
      .toBe(401);
    const list = (await yara.client.get<Conversation[]>('/api/messages/conversations')).body;
    expect(list.find((c) => c.participants[0]?._id === zed.user._id)?.participants[0]).toMatchObject({
      deleted: true,
    });
  });
});
