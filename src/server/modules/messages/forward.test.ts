import { describe, expect, it } from 'vitest';
import type { Conversation, Message } from '../../../contracts/messages.js';
import { fakeAiApp } from '../../test/fake-ai-app.js';
import { buildPersona, buildUser, type BuiltUser } from '../../test/factories.js';
import { nextEvent } from '../../test/socket-client.js';
import { MESSAGE_ERRORS } from './messages.service.js';

const app = fakeAiApp();

const send = async (from: BuiltUser, to: string, message: string) =>
  (await from.client.post<Message>('/api/messages', { message, recipientId: to })).body;

const forward = (by: BuiltUser, messageId: string, toUsername: string, clientMessageId?: string) =>
  by.client.post<Message>('/api/messages/forward', { messageId, toUsername, clientMessageId });

async function threePeople() {
  const people = [];
  for (let i = 0; i < 3; i += 1) people.push(await buildUser(app.server.client()));
  const [ada, bob, carol] = people as [BuiltUser, BuiltUser, BuiltUser];
  return { ada, bob, carol };
}

describe('POST /api/messages/forward', () => {
  it('sends the message on, quoted with who wrote it, as a message of the forwarder', async () => {
    const { ada, bob, carol } = await threePeople();
    const original = await send(bob, ada.user._id, 'The meeting moved to 3 pm.');
    const carolTab = await app.tab(carol);
    const heard = nextEvent(carolTab, 'newMessage');

    const res = await forward(ada, original._id, ` @${carol.user.username.toUpperCase()} `);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      sender: ada.user._id,
      text: 'The meeting moved to 3 pm.',
      forwardedFrom: bob.user.username,
      seen: false,
    });
    expect(await heard).toEqual(res.body);
    const page = await carol.client.get<Message[]>(`/api/messages/${ada.user._id}`);
    expect(page.body).toEqual([res.body]);
    const list = await carol.client.get<Conversation[]>('/api/messages/conversations');
    expect(list.body[0]).toMatchObject({
      latestMessage: { text: 'The meeting moved to 3 pm.' },
      unreadCount: 1,
    });
    // The original is untouched and carries no mark.
    const before = await ada.client.get<Message[]>(`/api/messages/${bob.user._id}`);
    expect(before.body[0]).not.toHaveProperty('forwardedFrom');
  });

  it('keeps the first author when a forwarded message is forwarded again, and one’s own messages too', async () => {
    const { ada, bob, carol } = await threePeople();
    const original = await send(bob, ada.user._id, 'pass it on');
    const once = (await forward(ada, original._id, carol.user.username)).body;
    const twice = await forward(carol, once._id, bob.user.username);
    expect(twice.body).toMatchObject({ sender: carol.user._id, forwardedFrom: bob.user.username });

    const mine = await send(ada, bob.user._id, 'my own words');
    const own = await forward(ada, mine._id, carol.user.username);
    expect(own.body).toMatchObject({ sender: ada.user._id, forwardedFrom: ada.user.username });
  });

  it('forwards only messages of one’s own conversations, and says so like a missing message', async () => {
    const { ada, bob, carol } = await threePeople();
    const original = await send(bob, ada.user._id, 'between us');
    for (const id of [original._id, 'not-an-id', '0190d6a8-0000-7000-8000-000000000000']) {
      const res = await forward(carol, id, bob.user.username);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: MESSAGE_ERRORS.messageNotFound, code: 'not_found' });
    }
    expect((await carol.client.get<Conversation[]>('/api/messages/conversations')).body).toEqual([]);
  });

  it('refuses unknown, empty and own usernames, a signed-out caller, and a reused client id', async () => {
    const { ada, bob } = await threePeople();
    const original = await send(bob, ada.user._id, 'hello');
    const unknown = await forward(ada, original._id, 'no_such_person');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: MESSAGE_ERRORS.forwardTo });
    const empty = await forward(ada, original._id, '  @ ');
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: 'Enter a username to forward to' });
    const self = await forward(ada, original._id, ada.user.username);
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ error: MESSAGE_ERRORS.toYourself });
    const anonymous = await app.server.client().post('/api/messages/forward', {
      messageId: original._id,
      toUsername: bob.user.username,
    });
    expect(anonymous.status).toBe(401);

    const carol = await buildUser(app.server.client());
    const first = await forward(ada, original._id, carol.user.username, 'fwd-0001-retry');
    const again = await forward(ada, original._id, carol.user.username, 'fwd-0001-retry');
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect((await carol.client.get<Message[]>(`/api/messages/${ada.user._id}`)).body).toHaveLength(1);
  });

  it('refuses a frozen recipient and a persona’s reply too long for a message', async () => {
    const { ada, bob, carol } = await threePeople();
    const original = await send(bob, ada.user._id, 'hello');
    await app.server.testDb.db.kysely
      .updateTable('users')
      .set({ isFrozen: 1 })
      .where('id', '=', carol.user._id)
      .execute();
    const frozen = await forward(ada, original._id, carol.user.username);
    expect(frozen.status).toBe(404);
    expect(frozen.body).toMatchObject({ error: MESSAGE_ERRORS.forwardTo });

    const persona = await buildPersona(bob.client);
    const tab = await app.tab(ada);
    app.fake.enqueue({ text: 'word '.repeat(1100) });
    const replied = new Promise<Message>((resolve) =>
      tab.on('newMessage', (m) => m.sender === persona._id && resolve(m)),
    );
    await send(ada, persona._id, 'talk a lot');
    const long = await replied;
    expect(long.text.length).toBeGreaterThan(5000);
    const refused = await forward(ada, long._id, bob.user.username);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: MESSAGE_ERRORS.tooLongToForward });
  });

  it('answers a retried forward as the sender may see it: no seen mark with read receipts off', async () => {
    const { ada, bob, carol } = await threePeople();
    const original = await send(bob, ada.user._id, 'pass it on');
    const first = await forward(ada, original._id, carol.user.username, 'fwd-0002-retry');
    const carolTab = await app.tab(carol);
    const echo = nextEvent(carolTab, 'messagesSeen');
    carolTab.emit('markMessagesAsSeen', { conversationId: first.body.conversationId });
    await echo;
    expect((await forward(ada, original._id, carol.user.username, 'fwd-0002-retry')).body.seen).toBe(true);
    await ada.client.put(`/api/users/update/${ada.user._id}`, { readReceipts: false });
    expect((await forward(ada, original._id, carol.user.username, 'fwd-0002-retry')).body.seen).toBe(false);
  });

  it('tells a persona the message was forwarded, and from whom', async () => {
    const { ada, bob } = await threePeople();
    const persona = await buildPersona(bob.client, { prompt: 'You are Nova.' });
    const original = await send(bob, ada.user._id, 'Is Mars red?');
    app.fake.enqueue({ text: 'Quite red.' });
    const adaTab = await app.tab(ada);
    const replied = new Promise<Message>((resolve) =>
      adaTab.on('newMessage', (m) => m.sender === persona._id && resolve(m)),
    );
    expect((await forward(ada, original._id, persona.username)).status).toBe(201);
    await replied;
    const prompt = app.fake.requests.at(-1)?.body.messages;
    expect(prompt?.at(-1)).toEqual({
      role: 'user',
      content: `(Forwarded from @${bob.user.username}) Is Mars red?`,
    });
  });
});
