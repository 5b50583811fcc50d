import { describe, expect, it } from 'vitest';
import type { ConversationMemory } from '../../../contracts/memory.js';
import type { Conversation, Message, MessageReactions } from '../../../contracts/messages.js';
import type { RoomSummary } from '../../../contracts/rooms.js';
import type { SearchResult } from '../../../contracts/search.js';
import type { ProfileResponse } from '../../../contracts/users.js';
import { fakeAiApp } from '../../test/fake-ai-app.js';
import { buildPersona, buildUser, type BuiltUser } from '../../test/factories.js';
import { startRoom } from '../../test/rooms.js';
import { collect, nextEvent, pause } from '../../test/socket-client.js';
import { MESSAGE_CHANGE_ERRORS } from './message-changes.service.js';

// Edit, delete for everyone and reactions: one service for DMs, persona chats and rooms.
const app = fakeAiApp();
const person = () => buildUser(app.server.client());

const send = async (from: BuiltUser, to: string, message: string) => {
  const res = await from.client.post<Message>('/api/messages', { message, recipientId: to });
  expect(res.status).toBe(201);
  return res.body;
};
const edit = (by: BuiltUser, id: string, text: unknown) =>
  by.client.request<Message>('PATCH', `/api/messages/${id}`, { text });
const remove = (by: BuiltUser, id: string) => by.client.request('DELETE', `/api/messages/${id}`);
const react = (by: BuiltUser, id: string, emoji: string, on = true) =>
  by.client.request<MessageReactions>(
    on ? 'PUT' : 'DELETE',
    `/api/messages/${id}/reactions/${encodeURIComponent(emoji)}`,
  );
const page = async (reader: BuiltUser, otherId: string) =>
  (await reader.client.get<Message[]>(`/api/messages/${otherId}`)).body;
const searchIds = async (reader: BuiltUser, q: string) =>
  (await reader.client.get<SearchResult[]>(`/api/search?q=${encodeURIComponent(q)}`)).body.map((r) => r._id);

/** Sends to a persona and waits for its stored reply. */
async function talk(me: BuiltUser, persona: ProfileResponse, text: string, reply: string) {
  const tab = await app.tab(me);
  app.fake.enqueue({ text: reply });
  const replied = new Promise<Message>((resolve) =>
    tab.on('newMessage', (m) => m.sender === persona._id && resolve(m)),
  );
  const sent = await send(me, persona._id, text);
  return { sent, reply: await replied, tab };
}

describe('editing a message', () => {
  it('changes one’s own text for everyone, live, marked edited, in the list and in search', async () => {
    const [ada, bo] = [await person(), await person()];
    const sent = await send(ada, bo.user._id, 'See you at the quay tomorow');
    const boTab = await app.tab(bo);
    const adaOtherTab = await app.tab(ada);
    const heard = [nextEvent(boTab, 'messageEdited'), nextEvent(adaOtherTab, 'messageEdited')];

    const res = await edit(ada, sent._id, '  See you at the harbour tomorrow ');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: sent._id, text: 'See you at the harbour tomorrow' });
    expect(res.body.editedAt).toEqual(expect.any(String));
    const told = { conversationId: sent.conversationId, messageId: sent._id, text: res.body.text };
    for (const event of await Promise.all(heard))
      expect(event).toEqual({ ...told, editedAt: res.body.editedAt });

    expect((await page(bo, ada.user._id))[0]).toMatchObject({
      text: res.body.text,
      editedAt: res.body.editedAt,
    });
    const list = await bo.client.get<Conversation[]>('/api/messages/conversations');
    expect(list.body[0]?.latestMessage.text).toBe(res.body.text);
    expect(await searchIds(bo, 'harbour')).toContain(sent._id);
    expect(await searchIds(bo, 'quay')).not.toContain(sent._id);
  });

  it('refuses others’ messages, persona replies, forwarded copies, deleted ones and old ones', async () => {
    const [ada, bo, cy] = [await person(), await person(), await person()];
    const mine = await send(ada, bo.user._id, 'mine');
    const theirs = await send(bo, ada.user._id, 'theirs');
    const other = await edit(ada, theirs._id, 'hijacked');
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ error: MESSAGE_CHANGE_ERRORS.notYoursToEdit, code: 'forbidden' });
    // Nobody else may learn that a message exists: unreadable is "not found", like nonsense ids.
    for (const id of [mine._id, 'not-an-id', '01890000-0000-7000-8000-000000000000'])
      expect((await edit(cy, id, 'x')).status).toBe(404);
    expect((await edit(ada, mine._id, '')).status).toBe(400);
    expect((await edit(ada, mine._id, 'x'.repeat(5001))).status).toBe(400);

    const forwarded = await ada.client.post<Message>('/api/messages/forward', {
      messageId: theirs._id,
      toUsername: cy.user.username,
    });
    const copy = await edit(ada, forwarded.body._id, 'changed quote');
    expect(copy.status).toBe(403);
    expect(copy.body).toMatchObject({ error: MESSAGE_CHANGE_ERRORS.forwarded });

    const persona = await buildPersona(bo.client);
    const { reply } = await talk(ada, persona, 'hello', 'Ahoy');
    expect((await edit(ada, reply._id, 'I said so')).body).toMatchObject({
      error: MESSAGE_CHANGE_ERRORS.personaReply,
    });

    const old = await send(ada, bo.user._id, 'yesterday and more');
    await app.server.testDb.db.kysely
      .updateTable('messages')
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000).toISOString() })
      .where('id', '=', old._id)
      .execute();
    const late = await edit(ada, old._id, 'too late');
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ error: MESSAGE_CHANGE_ERRORS.tooLate, code: 'conflict' });

    expect((await remove(ada, mine._id)).status).toBe(204);
    const gone = await edit(ada, mine._id, 'back');
    expect(gone.status).toBe(409);
    expect(gone.body).toMatchObject({ error: MESSAGE_CHANGE_ERRORS.deleted });
  });

  it('tells the persona the new text from then on', async () => {
    const ada = await person();
    const persona = await buildPersona((await person()).client);
    const { sent } = await talk(ada, persona, 'My boat is called Gull', 'Nice');
    await edit(ada, sent._id, 'My boat is called Petrel');
    await talk(ada, persona, 'What is my boat called?', 'Petrel');
    const prompt = JSON.stringify(app.fake.requests.at(-1)?.body.messages);
    expect(prompt).toContain('My boat is called Petrel');
    expect(prompt).not.toContain('Gull');
  });
});

describe('deleting a message for everyone', () => {
  it('leaves a tombstone everywhere, live, and takes the text out of the database and search', async () => {
    const [ada, bo, cy] = [await person(), await person(), await person()];
    const sent = await send(ada, bo.user._id, 'Wrong person, sorry: the code is marmalade');
    const copy = await bo.client.post<Message>('/api/messages/forward', {
      messageId: sent._id,
      toUsername: cy.user.username,
    });
    const boTab = await app.tab(bo);
    const heard = nextEvent(boTab, 'messageDeleted');

    expect((await remove(bo, sent._id)).status).toBe(403);
    expect((await remove(cy, sent._id)).status).toBe(404);
    expect((await remove(ada, sent._id)).status).toBe(204);
    expect(await heard).toEqual({ conversationId: sent.conversationId, messageId: sent._id });
    // Again: nothing more to do, nobody told twice.
    expect((await remove(ada, sent._id)).status).toBe(204);

    const [shown] = await page(bo, ada.user._id);
    expect(shown).toMatchObject({ _id: sent._id, text: '', deleted: true });
    const list = await bo.client.get<Conversation[]>('/api/messages/conversations');
    expect(list.body.find((c) => c._id === sent.conversationId)?.latestMessage).toMatchObject({
      text: '',
      deleted: true,
    });
    const row = await app.server.testDb.db.kysely
      .selectFrom('messages')
      .select(['text', 'deleted'])
      .where('id', '=', sent._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ text: '', deleted: 1 });
    expect(await searchIds(ada, 'marmalade')).not.toContain(sent._id);
    // The forwarded copy is the forwarder's message, and stays.
    expect(await searchIds(cy, 'marmalade')).toEqual([copy.body._id]);
    const again = await bo.client.post('/api/messages/forward', {
      messageId: sent._id,
      toUsername: cy.user.username,
    });
    expect(again.status).toBe(409);
  });

  it('lets a person delete a persona’s reply in their own chat, forgets what was learnt, and tells it nothing more', async () => {
    const ada = await person();
    const persona = await buildPersona((await person()).client);
    app.fake.enqueueMemory({ text: 'Their dog is called Biscuit.' });
    const { sent, reply, tab } = await talk(ada, persona, 'My dog is called Biscuit', 'Hello Biscuit');
    const memoryPath = `/api/messages/conversations/${sent.conversationId}/memory`;
    await expect
      .poll(async () => (await ada.client.get<ConversationMemory>(memoryPath)).body.items.length)
      .toBe(1);
    const forgot = nextEvent(tab, 'memoryChanged');

    expect((await remove(ada, sent._id)).status).toBe(204);
    expect(await forgot).toEqual({ conversationId: sent.conversationId });
    expect((await ada.client.get<ConversationMemory>(memoryPath)).body.items).toEqual([]);
    expect((await remove(ada, reply._id)).status).toBe(204);

    await talk(ada, persona, 'Hello again', 'Hi');
    const prompt = JSON.stringify(app.fake.requests.at(-1)?.body.messages);
    expect(prompt).not.toContain('Biscuit');
  });
});

describe('reactions', () => {
  it('toggle six emoji per person on any readable message, live, with who reacted; the persona is not asked', async () => {
    const [ada, bo, cy] = [await person(), await person(), await person()];
    const sent = await send(ada, bo.user._id, 'We won!');
    const adaTab = await app.tab(ada);
    const told = collect(adaTab, 'reactionsChanged');

    const first = await react(bo, sent._id, '🎉');
    expect(first.status).toBe(400);
    expect((await react(cy, sent._id, '👍')).status).toBe(404);
    const liked = await react(bo, sent._id, '👍');
    expect(liked.status).toBe(200);
    await react(ada, sent._id, '👍');
    await react(ada, sent._id, '❤️');
    // Twice the same: nothing changes, nobody is told again.
    const again = await react(ada, sent._id, '❤️');
    expect(again.body.reactions).toEqual([
      {
        emoji: '👍',
        count: 2,
        people: [
          { _id: bo.user._id, username: bo.user.username },
          { _id: ada.user._id, username: ada.user.username },
        ],
      },
      { emoji: '❤️', count: 1, people: [{ _id: ada.user._id, username: ada.user.username }] },
    ]);
    await expect.poll(() => told.length).toBe(3);
    expect(told.at(-1)).toEqual(again.body);
    expect((await page(bo, ada.user._id))[0]?.reactions).toEqual(again.body.reactions);

    const back = await react(bo, sent._id, '👍', false);
    expect(back.body.reactions[0]).toMatchObject({ emoji: '👍', count: 1 });

    const persona = await buildPersona(bo.client);
    const { reply } = await talk(ada, persona, 'hi', 'Ahoy');
    const asked = app.fake.requests.length;
    expect((await react(ada, reply._id, '😂')).status).toBe(200);
    await pause(100);
    expect(app.fake.requests.length).toBe(asked);

    await remove(ada, sent._id);
    expect((await react(bo, sent._id, '😮')).status).toBe(409);
    expect((await page(bo, ada.user._id)).find((m) => m._id === sent._id)).not.toHaveProperty('reactions');
  });
});

describe('across a block', () => {
  it('nothing changes but taking one’s own words back', async () => {
    const [ada, bo] = [await person(), await person()];
    const mine = await send(ada, bo.user._id, 'before the block');
    const theirs = await send(bo, ada.user._id, 'mine to keep');
    expect((await bo.client.put(`/api/users/blocks/${ada.user._id}`)).status).toBe(204);
    const edited = await edit(ada, mine._id, 'after the block');
    expect(edited.status).toBe(403);
    expect(edited.body).toMatchObject({ error: MESSAGE_CHANGE_ERRORS.blocked });
    expect((await react(ada, theirs._id, '👍')).status).toBe(403);
    expect((await react(bo, mine._id, '👍')).status).toBe(403);
    expect((await remove(ada, mine._id)).status).toBe(204);
  });
});

describe('in a room', () => {
  it('edits, deletes and reactions reach every member; a room one left is read-only', async () => {
    const [ada, bo, cy] = [await person(), await person(), await person()];
    const room = await startRoom(ada, [bo, cy]);
    const say = async (who: BuiltUser, message: string) =>
      (await who.client.post<Message>(`/api/rooms/${room._id}/messages`, { message })).body;
    const mine = await say(bo, 'The book is Moby Dik');
    const cyTab = await app.tab(cy);
    const edited = nextEvent(cyTab, 'messageEdited');
    expect((await edit(bo, mine._id, 'The book is Moby Dick')).status).toBe(200);
    expect(await edited).toMatchObject({ conversationId: room._id, messageId: mine._id });

    const reacted = nextEvent(cyTab, 'reactionsChanged');
    expect((await react(ada, mine._id, '🙏')).status).toBe(200);
    expect((await reacted).reactions).toEqual([
      { emoji: '🙏', count: 1, people: [{ _id: ada.user._id, username: ada.user.username }] },
    ]);
    // The owner runs the room but does not own others' words.
    expect((await remove(ada, mine._id)).status).toBe(403);
    expect((await edit(ada, mine._id, 'x')).status).toBe(403);

    const page = await cy.client.get<Message[]>(`/api/rooms/${room._id}/messages`);
    expect(page.body.find((m) => m._id === mine._id)).toMatchObject({
      text: 'The book is Moby Dick',
      reactions: [{ emoji: '🙏', count: 1 }],
    });

    const deleted = nextEvent(cyTab, 'messageDeleted');
    expect((await remove(bo, mine._id)).status).toBe(204);
    expect(await deleted).toEqual({ conversationId: room._id, messageId: mine._id });
    const list = await cy.client.get<RoomSummary[]>('/api/rooms');
    expect(list.body.find((r) => r._id === room._id)?.latestMessage).toMatchObject({ deleted: true });

    const before = await say(cy, 'Leaving soon');
    expect((await cy.client.delete(`/api/rooms/${room._id}/members/${cy.user._id}`)).status).toBe(204);
    const left = await edit(cy, before._id, 'changed after leaving');
    expect(left.status).toBe(403);
    expect(left.body).toMatchObject({ error: MESSAGE_CHANGE_ERRORS.leftRoom });
    expect((await react(cy, before._id, '👍')).status).toBe(403);
    expect((await remove(cy, before._id)).status).toBe(403);
  });
});
