import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../../contracts/errors.js';
import type { Conversation, Message } from '../../../contracts/messages.js';
import { buildPersona, buildUser, setOpeningMessage, type BuiltUser } from '../../test/factories.js';
import { connectSocket } from '../../test/socket-client.js';
import { freezeFromOutside } from '../../test/operator.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { MESSAGE_ERRORS } from './messages.service.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const send = (from: BuiltUser, to: BuiltUser, message: string) =>
  from.client.post<Message>('/api/messages', { message, recipientId: to.user._id });

describe('POST /api/messages', () => {
  it('stores a trimmed message, creating the conversation on the first one', async () => {
    const ada = await buildUser(server.client());
    const bob = await buildUser(server.client());
    const res = await send(ada, bob, '  Hello Bob \n');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ sender: ada.user._id, text: 'Hello Bob', seen: false });
    expect(res.body._id).toMatch(/^[0-9a-f-]{36}$/);
    const second = await send(bob, ada, 'Hi Ada');
    expect(second.body.conversationId).toBe(res.body.conversationId);
  });

  it('starts a conversation with a persona with its opening message, sorted first and only once', async () => {
    const creator = await buildUser(server.client());
    const opening = 'The lamp is lit. Come in out of the rain.';
    const persona = await buildPersona(creator.client);
    await setOpeningMessage(creator.client, persona, opening);
    const ada = await buildUser(server.client());
    const toPersona = (message: string) =>
      ada.client.post<Message>('/api/messages', { message, recipientId: persona._id });
    expect((await toPersona('hello')).status).toBe(201);
    expect((await toPersona('again')).status).toBe(201);
    const page = await ada.client.get<Message[]>(`/api/messages/${persona._id}`);
    // The persona may have answered meanwhile; the opening and the two sends come first, in this order.
    expect(page.body.filter((m) => m.text === opening)).toHaveLength(1);
    expect(page.body.slice(0, 2).map((m) => [m.sender, m.text])).toEqual([
      [persona._id, opening],
      [ada.user._id, 'hello'],
    ]);
  });

  it('refuses a forged senderId with 403 and stores nothing', async () => {
    const ada = await buildUser(server.client());
    const bob = await buildUser(server.client());
    const res = await ada.client.post('/api/messages', {
      message: 'x',
      recipientId: bob.user._id,
      senderId: bob.user._id,
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: MESSAGE_ERRORS.forgedSender, code: 'forbidden' });
    expect((await bob.client.get<Message[]>(`/api/messages/${ada.user._id}`)).body).toEqual([]);
    const own = await ada.client.post('/api/messages', {
      message: 'x',
      recipientId: bob.user._id,
      senderId: ada.user._id,
    });
    expect(own.status).toBe(201);
  });

  it.each([
    ['empty text', { message: '   ' }, 400, 'Message cannot be empty'],
    ['missing text', { message: undefined }, 400, 'Message is required'],
    [
      'text over 5,000 characters',
      { message: 'x'.repeat(5001) },
      400,
      'Message must be at most 5000 characters',
    ],
    [
      'an unknown recipient',
      { recipientId: '0190d6a8-0000-7000-8000-000000000000' },
      404,
      MESSAGE_ERRORS.recipientNotFound,
    ],
    ['a recipient that is not an id', { recipientId: 'bob' }, 404, MESSAGE_ERRORS.recipientNotFound],
  ])('refuses %s', async (_label, patch, status, error) => {
    const ada = await buildUser(server.client());
    const bob = await buildUser(server.client());
    const res = await ada.client.post('/api/messages', {
      message: 'hi',
      recipientId: bob.user._id,
      ...patch,
    });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error, code: status === 404 ? 'not_found' : 'invalid_input' });
  });

  it('accepts exactly 5,000 characters, refuses sending to yourself, to a frozen account and when signed out', async () => {
    const ada = await buildUser(server.client());
    const bob = await buildUser(server.client());
    expect((await send(ada, bob, 'y'.repeat(5000))).status).toBe(201);
    const self = await send(ada, ada, 'me');
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ error: MESSAGE_ERRORS.toYourself, code: 'invalid_input' });
    await freezeFromOutside(server.testDb, bob.user._id);
    const frozen = await send(ada, bob, 'still there?');
    expect(frozen.status).toBe(404);
    const anonymous = await server
      .client()
      .post('/api/messages', { message: 'hi', recipientId: ada.user._id });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ error: ERRORS.notSignedIn, code: 'not_signed_in' });
  });
});

describe('GET /api/messages/conversations', () => {
  it('lists my conversations newest first with the other person and unread counts', async () => {
    const me = await buildUser(server.client());
    const bob = await buildUser(server.client());
    const cy = await buildUser(server.client());
    await send(bob, me, 'one');
    await send(bob, me, 'two');
    await send(me, cy, 'hey cy');
    const res = await me.client.get<Conversation[]>('/api/messages/conversations');
    expect(res.status).toBe(200);
    expect(res.body.map((c) => c.participants[0]?.username)).toEqual([cy.user.username, bob.user.username]);
    const [withCy, withBob] = res.body;
    expect(withBob).toMatchObject({
      latestMessage: { text: 'two', sender: bob.user._id, seen: false },
      unreadCount: 2,
      context: '',
    });
    expect(withBob?.participants).toEqual([
      { _id: bob.user._id, username: bob.user.username, name: bob.user.name, profilePic: '', isAi: false },
    ]);
    expect(withCy?.unreadCount).toBe(0);
    expect(JSON.stringify(res.body)).not.toContain('@example.com');
    const theirs = await cy.client.get<Conversation[]>('/api/messages/conversations');
    expect(theirs.body).toHaveLength(1);
    expect(theirs.body[0]?.unreadCount).toBe(1);
  });

  it('keeps each side’s unread count in step with its unseen messages, also for a burst sent at once', async () => {
    const me = await buildUser(server.client());
    const bob = await buildUser(server.client());
    // Sent together, so they share group commits; every one is stored and counted.
    await Promise.all(Array.from({ length: 12 }, (_, i) => send(bob, me, `burst ${i}`)));
    await send(me, bob, 'got them');
    const counts = async (who: BuiltUser) =>
      (await who.client.get<Conversation[]>('/api/messages/conversations')).body[0]?.unreadCount;
    expect([await counts(me), await counts(bob)]).toEqual([12, 1]);
    const { body: page } = await me.client.get<Message[]>(`/api/messages/${bob.user._id}`);
    const conversationId = page[0]?.conversationId ?? '';
    const recount = (readerId: string) =>
      server.testDb.db.kysely
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('conversationId', '=', conversationId)
        .where('senderId', '!=', readerId)
        .where('seen', '=', 0)
        .executeTakeFirstOrThrow();
    expect(Number((await recount(me.user._id)).n)).toBe(12);
    const tab = await connectSocket(server.baseUrl, me.client, { userId: me.user._id });
    tab.emit('markMessagesAsSeen', { conversationId });
    await expect.poll(() => counts(me)).toBe(0);
    expect(Number((await recount(me.user._id)).n)).toBe(0);
    // Only the reader's side was cleared.
    expect(await counts(bob)).toBe(1);
    tab.close();
  });

  it('sends text beyond ASCII as UTF-8 with its length in bytes, the same from the cache as at first', async () => {
    const me = await buildUser(server.client());
    const zoe = await buildUser(server.client(), { name: 'Zoë Ångström' });
    await send(zoe, me, 'Grüße, naïve café 👋🏽 — 你好');
    for (const read of ['built', 'cached']) {
      const res = await fetch(`${server.baseUrl}/api/messages/conversations`, {
        headers: { cookie: me.client.cookieHeader },
      });
      expect(res.headers.get('content-type'), read).toBe('application/json; charset=utf-8');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get('content-length')), read).toBe(bytes.length);
      const [withZoe] = JSON.parse(bytes.toString('utf8')) as Conversation[];
      expect(withZoe?.latestMessage.text, read).toBe('Grüße, naïve café 👋🏽 — 你好');
      expect(withZoe?.participants[0]?.name, read).toBe('Zoë Ångström');
    }
  });

  it('answers 401 when signed out', async () => {
    expect((await server.client().get('/api/messages/conversations')).status).toBe(401);
  });
});

describe('the conversation list right after a change', () => {
  // The list is cached per person (conversation-list.cache.ts): each read below comes after a read that
  // filled the cache, so a change that failed to forget it would show the old list.
  const listOf = async (who: BuiltUser) =>
    (await who.client.get<Conversation[]>('/api/messages/conversations')).body;

  it('shows each message, seen mark and context change to both people at once', async () => {
    const ada = await buildUser(server.client());
    const bob = await buildUser(server.client());
    expect(await listOf(ada)).toEqual([]);
    expect(await listOf(bob)).toEqual([]);
    const { body: first } = await send(ada, bob, 'first');
    expect((await listOf(ada))[0]?.latestMessage.text).toBe('first');
    expect((await listOf(bob))[0]).toMatchObject({ latestMessage: { text: 'first' }, unreadCount: 1 });
    await send(bob, ada, 'second');
    expect((await listOf(ada))[0]).toMatchObject({ latestMessage: { text: 'second' }, unreadCount: 1 });
    expect((await listOf(bob))[0]).toMatchObject({ latestMessage: { text: 'second' }, unreadCount: 1 });

    const tab = await connectSocket(server.baseUrl, bob.client, { userId: bob.user._id });
    tab.emit('markMessagesAsSeen', { conversationId: first.conversationId });
    await expect.poll(async () => (await listOf(bob))[0]?.unreadCount).toBe(0);
    expect((await listOf(ada))[0]?.latestMessage).toMatchObject({ text: 'second', seen: false });
    tab.close();

    const path = `/api/messages/conversations/updateConversation/${first.conversationId}`;
    expect((await ada.client.put(path, { context: 'planning the trip' })).status).toBe(200);
    expect((await listOf(bob))[0]?.context).toBe('planning the trip');
    expect((await listOf(ada))[0]?.context).toBe('planning the trip');
  });

  it('shows the other person’s new name and a persona’s new name to everyone who talks with them', async () => {
    const ada = await buildUser(server.client());
    const bob = await buildUser(server.client());
    const maker = await buildUser(server.client());
    const persona = await buildPersona(maker.client);
    await send(ada, bob, 'hello');
    await ada.client.post('/api/messages', { message: 'hello persona', recipientId: persona._id });
    const names = async () => (await listOf(ada)).map((c) => c.participants[0]?.name).sort();
    expect(await names()).toEqual([bob.user.name, persona.name].sort());

    const renamed = await bob.client.put(`/api/users/update/${bob.user._id}`, { name: 'Bobby Tables' });
    expect(renamed.status).toBe(200);
    expect(await names()).toEqual(['Bobby Tables', persona.name].sort());

    const edited = await maker.client.put('/api/users/updateAiFields', {
      id: persona._id,
      name: 'Captain Nova',
      bio: 'A calm guide for busy people.',
      prompt: 'You are a calm guide.',
      tag: 'Helper',
    });
    expect(edited.status).toBe(200);
    expect(await names()).toEqual(['Bobby Tables', 'Captain Nova']);
  });
});

describe('GET /api/messages/:otherUserId', () => {
  it('returns the newest page oldest-first and pages back with ?before', async () => {
    const ada = await buildUser(server.client());
    const bob = await buildUser(server.client());
    for (let i = 1; i <= 55; i += 1) await send(i % 2 ? ada : bob, i % 2 ? bob : ada, `m${i}`);
    const page = await ada.client.get<Message[]>(`/api/messages/${bob.user._id}`);
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(50);
    expect(page.body[0]?.text).toBe('m6');
    expect(page.body[49]?.text).toBe('m55');
    const older = await ada.client.get<Message[]>(
      `/api/messages/${bob.user._id}?before=${page.body[0]?._id}`,
    );
    expect(older.body.map((m) => m.text)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    const small = await bob.client.get<Message[]>(`/api/messages/${ada.user._id}?limit=2`);
    expect(small.body.map((m) => m.text)).toEqual(['m54', 'm55']);
  });

  it('returns [] before any message, 404 for an unknown user, 400 for a malformed cursor', async () => {
    const ada = await buildUser(server.client());
    const bob = await buildUser(server.client());
    expect((await ada.client.get(`/api/messages/${bob.user._id}`)).body).toEqual([]);
    const unknown = await ada.client.get('/api/messages/0190d6a8-0000-7000-8000-000000000000');
    expect(unknown.status).toBe(404);
    const cursor = await ada.client.get(`/api/messages/${bob.user._id}?before=yesterday`);
    expect(cursor.status).toBe(400);
    expect(cursor.body).toEqual({ error: MESSAGE_ERRORS.badCursor, code: 'invalid_input' });
    const limit = await ada.client.get(`/api/messages/${bob.user._id}?limit=5000`);
    expect(limit.status).toBe(400);
  });

  it('shows only my own conversation with that person, never someone else’s', async () => {
    const ada = await buildUser(server.client());
    const bob = await buildUser(server.client());
    const eve = await buildUser(server.client());
    await send(ada, bob, 'private');
    expect((await eve.client.get(`/api/messages/${bob.user._id}`)).body).toEqual([]);
    expect((await eve.client.get(`/api/messages/${ada.user._id}`)).body).toEqual([]);
  });
});

describe('PUT /api/messages/conversations/updateConversation/:conversationId', () => {
  it('lets a participant set the context and refuses everyone else', async () => {
    const ada = await buildUser(server.client());
    const bob = await buildUser(server.client());
    const eve = await buildUser(server.client());
    const { body: message } = await send(ada, bob, 'remember this');
    const path = `/api/messages/conversations/updateConversation/${message.conversationId}`;
    const ok = await ada.client.put(path, { context: '.' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ _id: message.conversationId, context: '.' });
    const list = await bob.client.get<Conversation[]>('/api/messages/conversations');
    expect(list.body[0]?.context).toBe('.');

    const stranger = await eve.client.put(path, { context: 'hijack' });
    expect(stranger.status).toBe(403);
    expect(stranger.body).toEqual({ error: MESSAGE_ERRORS.notParticipant, code: 'forbidden' });
    const unknown = await ada.client.put(
      '/api/messages/conversations/updateConversation/0190d6a8-0000-7000-8000-000000000000',
      { context: 'x' },
    );
    expect(unknown.status).toBe(404);
    const missing = await ada.client.put(path, {});
    expect(missing.status).toBe(400);
    const anonymous = await server.client().put(path, { context: 'x' });
    expect(anonymous.status).toBe(401);
    expect((await bob.client.get<Conversation[]>('/api/messages/conversations')).body[0]?.context).toBe('.');
  });
});

describe('send rate limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ MESSAGE_RATE_LIMIT: '3' });
  });
  afterAll(() => limited.close());

  it('stops a flooder with 429 while others still send', async () => {
    const flooder = await buildUser(limited.client());
    const calm = await buildUser(limited.client());
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await send(flooder, calm, `spam ${i}`)).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect((await send(calm, flooder, 'hello')).status).toBe(201);
  });
});
