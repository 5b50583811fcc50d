import { describe, expect, it } from 'vitest';
import type { Message } from '../../../contracts/messages.js';
import { ROOM_ERRORS, ROOM_LIMITS, type Room, type RoomSummary } from '../../../contracts/rooms.js';
import { buildPersona, buildUser, type BuiltUser } from '../../test/factories.js';
import { fakeAiApp } from '../../test/fake-ai-app.js';
import { startRoom } from '../../test/rooms.js';
import { collect, nextEvent, pause } from '../../test/socket-client.js';
import { setModerator } from '../moderation/moderators.js';
import { downloadArchive, jsonOf } from '../../test/zip-archive.js';

// Rooms with people only (personas' turns: room-turns.test.ts): membership on every call, one fan-out per message.
const app = fakeAiApp();
const person = () => buildUser(app.server.client());

async function trio(): Promise<[BuiltUser, BuiltUser, BuiltUser]> {
  return [await person(), await person(), await person()];
}

describe('starting a room', () => {
  it('makes the creator its owner, with the people and personas named, and lists it for each of them', async () => {
    const [ada, bo, cy] = await trio();
    const persona = await buildPersona(ada.client);
    const room = await startRoom(ada, [bo, cy], { personas: [persona.username], name: '  Tea time ' });
    expect(room).toMatchObject({ name: 'Tea time', ownerId: ada.user._id, replyMode: 'one', left: false });
    expect(room.personaTurns).toBe(ROOM_LIMITS.personaTurnsDefault);
    expect(room.members.map((m) => m.username)).toEqual(
      expect.arrayContaining([ada.user.username, bo.user.username, cy.user.username, persona.username]),
    );
    expect(room.members.find((m) => m._id === persona._id)).toMatchObject({ isAi: true, benched: false });
    for (const member of [ada, bo, cy]) {
      const list = await member.client.get<RoomSummary[]>('/api/rooms');
      expect(list.body.map((r) => r._id)).toContain(room._id);
    }
    // Nobody's DMs list it: a room is not a conversation between two people.
    const dms = await bo.client.get<Array<{ _id: string }>>('/api/messages/conversations');
    expect(dms.body.map((c) => c._id)).not.toContain(room._id);
  });

  it('refuses a room without another person, with too many personas, or with unknown names', async () => {
    const [ada, bo] = await trio();
    const alone = await ada.client.post('/api/rooms', { name: 'Solo', people: [ada.user.username] });
    expect(alone.status).toBe(400);
    expect(alone.body).toMatchObject({ error: ROOM_ERRORS.tooFewPeople });
    const nobody = await ada.client.post('/api/rooms', { name: 'X', people: ['no_such_person_here'] });
    expect(nobody.status).toBe(404);
    expect(nobody.body).toMatchObject({ error: ROOM_ERRORS.noSuchUser('no_such_person_here') });
    const six = await ada.client.post('/api/rooms', {
      name: 'X',
      people: [bo.user.username],
      personas: ['a', 'b', 'c', 'd', 'e', 'f'],
    });
    expect(six.status).toBe(400);
    expect(six.body).toMatchObject({ error: `At most ${ROOM_LIMITS.personasMax} personas` });
    const longName = await ada.client.post('/api/rooms', {
      name: 'x'.repeat(61),
      people: [bo.user.username],
    });
    expect(longName.status).toBe(400);
    const persona = await buildPersona(bo.client);
    const personAsPersona = await ada.client.post('/api/rooms', {
      name: 'X',
      people: [bo.user.username],
      personas: [ada.user.username],
    });
    expect(personAsPersona.status).toBe(404);
    const personaAsPerson = await ada.client.post('/api/rooms', { name: 'X', people: [persona.username] });
    expect(personaAsPerson.body).toMatchObject({ error: ROOM_ERRORS.notPerson(persona.username) });
    expect((await ada.client.get<RoomSummary[]>('/api/rooms')).body).toEqual([]);
  });

  it('refuses to add someone who blocked the adder, in the same words as any refusal', async () => {
    const [ada, bo, cy] = await trio();
    expect((await cy.client.put(`/api/users/blocks/${ada.user._id}`, {})).status).toBe(204);
    const res = await ada.client.post('/api/rooms', {
      name: 'X',
      people: [bo.user.username, cy.user.username],
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: ROOM_ERRORS.cannotAdd(cy.user.username) });
  });

  it('needs a session', async () => {
    const res = await app.server.client().post('/api/rooms', { name: 'X', people: ['a'] });
    expect(res.status).toBe(401);
  });
});

describe('talking in a room', () => {
  it('delivers a message live to every member, and to nobody else', async () => {
    const [ada, bo, cy] = await trio();
    const stranger = await person();
    const room = await startRoom(ada, [bo, cy]);
    const [adaTab, boTab, cyTab, strangerTab] = await Promise.all([
      app.tab(ada),
      app.tab(bo),
      app.tab(cy),
      app.tab(stranger),
    ]);
    const strangerHeard = collect(strangerTab, 'newMessage');
    const heard = [adaTab, boTab, cyTab].map((tab) => nextEvent(tab, 'newMessage'));
    const sent = await bo.client.post<Message>(`/api/rooms/${room._id}/messages`, { message: 'hello all' });
    expect(sent.status).toBe(201);
    for (const message of await Promise.all(heard))
      expect(message).toMatchObject({ _id: sent.body._id, conversationId: room._id, sender: bo.user._id });
    await pause(100);
    expect(strangerHeard).toEqual([]);
    const page = await cy.client.get<Message[]>(`/api/rooms/${room._id}/messages`);
    expect(page.body.map((m) => m.text)).toEqual(['hello all']);
    const list = await cy.client.get<RoomSummary[]>('/api/rooms');
    expect(list.body[0]).toMatchObject({
      _id: room._id,
      unreadCount: 1,
      latestMessage: { text: 'hello all' },
    });
  });

  it('sends over the socket with an acknowledgement, once per client id', async () => {
    const [ada, bo] = await trio();
    const room = await startRoom(ada, [bo]);
    const tab = await app.tab(ada);
    const send = () =>
      tab.emitWithAck('sendRoomMessage', {
        roomId: room._id,
        message: 'once',
        clientMessageId: 'client-id-1234',
      });
    const [first, again] = [await send(), await send()];
    expect(first).toMatchObject({ message: { text: 'once', conversationId: room._id } });
    expect(again).toEqual(first);
    const page = await bo.client.get<Message[]>(`/api/rooms/${room._id}/messages`);
    expect(page.body).toHaveLength(1);
  });

  it('refuses strangers on every call as if the room did not exist', async () => {
    const [ada, bo] = await trio();
    const stranger = await person();
    const room = await startRoom(ada, [bo]);
    const calls = [
      stranger.client.get(`/api/rooms/${room._id}`),
      stranger.client.get(`/api/rooms/${room._id}/messages`),
      stranger.client.post(`/api/rooms/${room._id}/messages`, { message: 'let me in' }),
      stranger.client.post(`/api/rooms/${room._id}/read`, { messageId: room._id }),
      stranger.client.patch(`/api/rooms/${room._id}`, { name: 'mine' }),
      stranger.client.post(`/api/rooms/${room._id}/members`, { people: [stranger.user.username] }),
      stranger.client.post(`/api/rooms/${room._id}/stop`, {}),
      stranger.client.put(`/api/rooms/${room._id}/mute`, { muted: true }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: ROOM_ERRORS.notFound });
    }
    const tab = await app.tab(stranger);
    const ack = await tab.emitWithAck('sendRoomMessage', { roomId: room._id, message: 'sneaky' });
    expect(ack).toMatchObject({ error: ROOM_ERRORS.notFound, code: 'not_found' });
    expect((await ada.client.get<Message[]>(`/api/rooms/${room._id}/messages`)).body).toEqual([]);
  });

  it('tells the room who is typing, but not the typist, and ignores typing in rooms one is not in', async () => {
    const [ada, bo] = await trio();
    const stranger = await person();
    const room = await startRoom(ada, [bo]);
    const [adaTab, boTab, strangerTab] = await Promise.all([app.tab(ada), app.tab(bo), app.tab(stranger)]);
    await pause(50);
    const adaHeard = collect(adaTab, 'typing');
    const boHears = nextEvent(boTab, 'typing');
    adaTab.emit('typing', { conversationId: room._id });
    expect(await boHears).toEqual({ conversationId: room._id, userId: ada.user._id });
    const boHeard = collect(boTab, 'typing');
    strangerTab.emit('typing', { conversationId: room._id });
    await pause(150);
    expect(adaHeard).toEqual([]);
    expect(boHeard).toEqual([]);
  });
});

describe('reading', () => {
  it('gives "seen by" positions to members who keep receipts on, and tells them live', async () => {
    const [ada, bo, cy] = await trio();
    const room = await startRoom(ada, [bo, cy]);
    expect((await cy.client.put(`/api/users/update/${cy.user._id}`, { readReceipts: false })).status).toBe(
      200,
    );
    const sent = await ada.client.post<Message>(`/api/rooms/${room._id}/messages`, { message: 'read me' });
    const [adaTab, cyTab] = await Promise.all([app.tab(ada), app.tab(cy)]);
    await pause(50);
    const cyHeard = collect(cyTab, 'roomRead');
    const told = nextEvent(adaTab, 'roomRead');
    const read = bo.client.post(`/api/rooms/${room._id}/read`, { messageId: sent.body._id });
    expect(await told).toEqual({ roomId: room._id, userId: bo.user._id, messageId: sent.body._id });
    expect((await read).status).toBe(204);
    const seen = (await ada.client.get<Room>(`/api/rooms/${room._id}`)).body;
    expect(seen.members.find((m) => m._id === bo.user._id)?.readUpTo).toBe(sent.body._id);
    // Cy keeps receipts off: nobody sees her position, and she sees nobody's.
    expect(seen.members.find((m) => m._id === cy.user._id)?.readUpTo).toBeUndefined();
    const cyView = (await cy.client.get<Room>(`/api/rooms/${room._id}`)).body;
    expect(cyView.members.every((m) => m.readUpTo === undefined)).toBe(true);
    expect(cyHeard).toEqual([]);
    expect((await bo.client.get<RoomSummary[]>('/api/rooms')).body[0]?.unreadCount).toBe(0);
  });

  it('refuses a read mark for a message of another room', async () => {
    const [ada, bo] = await trio();
    const room = await startRoom(ada, [bo]);
    const other = await startRoom(bo, [ada], { name: 'Other' });
    const there = await bo.client.post<Message>(`/api/rooms/${other._id}/messages`, { message: 'elsewhere' });
    const res = await ada.client.post(`/api/rooms/${room._id}/read`, { messageId: there.body._id });
    expect(res.status).toBe(404);
  });
});

describe('members', () => {
  it('lets only the owner rename, add, remove, bench and hand over', async () => {
    const [ada, bo, cy] = await trio();
    const persona = await buildPersona(ada.client);
    const room = await startRoom(ada, [bo], { personas: [persona.username] });
    const refusals = await Promise.all([
      bo.client.patch(`/api/rooms/${room._id}`, { name: 'Mine now' }),
      bo.client.post(`/api/rooms/${room._id}/members`, { people: [cy.user.username] }),
      bo.client.delete(`/api/rooms/${room._id}/members/${ada.user._id}`),
      bo.client.put(`/api/rooms/${room._id}/personas/${persona._id}/bench`, { benched: true }),
      bo.client.put(`/api/rooms/${room._id}/owner`, { memberId: bo.user._id }),
    ]);
    for (const res of refusals) expect(res.body).toMatchObject({ error: ROOM_ERRORS.ownerOnly });
    const renamed = await ada.client.patch<Room>(`/api/rooms/${room._id}`, {
      name: 'Renamed',
      replyMode: 'free',
    });
    expect(renamed.body).toMatchObject({ name: 'Renamed', replyMode: 'free' });
    const added = await ada.client.post<Room>(`/api/rooms/${room._id}/members`, {
      people: [cy.user.username],
    });
    expect(added.body.members.map((m) => m._id)).toContain(cy.user._id);
    const benched = await ada.client.put<Room>(`/api/rooms/${room._id}/personas/${persona._id}/bench`, {
      benched: true,
    });
    expect(benched.body.members.find((m) => m._id === persona._id)?.benched).toBe(true);
    expect((await ada.client.delete(`/api/rooms/${room._id}/members/${ada.user._id}`)).body).toMatchObject({
      error: ROOM_ERRORS.ownerLeaves,
    });
    const handed = await ada.client.put<Room>(`/api/rooms/${room._id}/owner`, { memberId: bo.user._id });
    expect(handed.body.ownerId).toBe(bo.user._id);
    expect((await ada.client.delete(`/api/rooms/${room._id}/members/${ada.user._id}`)).status).toBe(204);
  });

  it('a removed member stops hearing the room at once, and reads it only up to then', async () => {
    const [ada, bo, cy] = await trio();
    const room = await startRoom(ada, [bo, cy]);
    await ada.client.post(`/api/rooms/${room._id}/messages`, { message: 'before' });
    const boTab = await app.tab(bo);
    await pause(50);
    const removed = nextEvent(boTab, 'roomRemoved');
    expect((await ada.client.delete(`/api/rooms/${room._id}/members/${bo.user._id}`)).status).toBe(204);
    expect(await removed).toEqual({ roomId: room._id });
    const heard = collect(boTab, 'newMessage');
    await cy.client.post(`/api/rooms/${room._id}/messages`, { message: 'after' });
    await pause(150);
    expect(heard).toEqual([]);
    const send = await bo.client.post(`/api/rooms/${room._id}/messages`, { message: 'still here?' });
    expect(send.status).toBe(403);
    expect(send.body).toMatchObject({ error: ROOM_ERRORS.leftRoom });
    const page = await bo.client.get<Message[]>(`/api/rooms/${room._id}/messages`);
    expect(page.body.map((m) => m.text)).toEqual(['before']);
    const view = await bo.client.get<Room>(`/api/rooms/${room._id}`);
    expect(view.body.left).toBe(true);
    expect((await bo.client.get<RoomSummary[]>('/api/rooms')).body).toEqual([]);
    // Typing from the removed tab reaches nobody.
    const cyTab = await app.tab(cy);
    const cyHeard = collect(cyTab, 'typing');
    boTab.emit('typing', { conversationId: room._id });
    await pause(150);
    expect(cyHeard).toEqual([]);
  });

  it('a member added later hears the room from then on, and reads only from when they joined', async () => {
    const [ada, bo, cy] = await trio();
    const room = await startRoom(ada, [bo]);
    await ada.client.post(`/api/rooms/${room._id}/messages`, { message: 'before cy' });
    const cyTab = await app.tab(cy);
    const changed = nextEvent(cyTab, 'roomChanged');
    await ada.client.post(`/api/rooms/${room._id}/members`, { people: [cy.user.username] });
    expect(await changed).toEqual({ roomId: room._id });
    const heard = nextEvent(cyTab, 'newMessage');
    await bo.client.post(`/api/rooms/${room._id}/messages`, { message: 'welcome cy' });
    expect((await heard).text).toBe('welcome cy');
    const page = await cy.client.get<Message[]>(`/api/rooms/${room._id}/messages`);
    expect(page.body.map((m) => m.text)).toEqual(['welcome cy']);
  });

  it('shows members online to each other, as it does DM contacts', async () => {
    const [ada, bo] = await trio();
    const adaTab = await app.tab(ada);
    const online = nextEvent(adaTab, 'userOnline');
    await startRoom(ada, [bo]);
    await app.tab(bo);
    expect(await online).toBe(bo.user._id);
  });
});

describe('search', () => {
  it('finds a room’s messages for its members, from when they joined to when they left, and for nobody else', async () => {
    const [ada, bo, cy] = await trio();
    const stranger = await person();
    const room = await startRoom(ada, [bo], { name: 'Lighthouse keepers' });
    await ada.client.post(`/api/rooms/${room._id}/messages`, { message: 'zeppelinfirst before cy came' });
    await ada.client.post(`/api/rooms/${room._id}/members`, { people: [cy.user.username] });
    await pause(5);
    await bo.client.post(`/api/rooms/${room._id}/messages`, { message: 'zeppelinsecond while cy is here' });
    await ada.client.delete(`/api/rooms/${room._id}/members/${cy.user._id}`);
    await pause(5);
    await ada.client.post(`/api/rooms/${room._id}/messages`, { message: 'zeppelinthird after cy left' });

    type Hit = { _id: string; excerpt: string; room?: { _id: string; name: string } };
    const search = async (who: BuiltUser) =>
      (await who.client.get<Hit[]>('/api/search?q=zeppelin')).body
        .map((hit) => hit.excerpt.split(' ')[0])
        .sort();
    expect(await search(ada)).toEqual(['zeppelinfirst', 'zeppelinsecond', 'zeppelinthird']);
    expect(await search(cy)).toEqual(['zeppelinsecond']);
    expect(await search(stranger)).toEqual([]);
    const [hit] = (await cy.client.get<Hit[]>('/api/search?q=zeppelin')).body;
    expect(hit?.room).toEqual({ _id: room._id, name: 'Lighthouse keepers' });
  });
});

describe('forwarding and reports', () => {
  it('forwards into a room what one may read, and out of a room to a person, quoted with who wrote it first', async () => {
    const [ada, bo, cy] = await trio();
    const room = await startRoom(ada, [bo]);
    const dm = await cy.client.post<Message>('/api/messages', {
      message: 'a tip from cy',
      recipientId: ada.user._id,
    });
    const into = await ada.client.post<Message>(`/api/rooms/${room._id}/forward`, { messageId: dm.body._id });
    expect(into.status).toBe(201);
    expect(into.body).toMatchObject({
      conversationId: room._id,
      text: 'a tip from cy',
      forwardedFrom: cy.user.username,
    });
    // Bo may read the room's message, so he may forward it on; a stranger may not forward either way.
    const out = await bo.client.post<Message>('/api/messages/forward', {
      messageId: into.body._id,
      toUsername: cy.user.username,
    });
    expect(out.status).toBe(201);
    expect(out.body).toMatchObject({ text: 'a tip from cy', forwardedFrom: cy.user.username });
    const stranger = await person();
    const refused = await stranger.client.post('/api/messages/forward', {
      messageId: into.body._id,
      toUsername: ada.user.username,
    });
    expect(refused.status).toBe(404);
    const notHis = await bo.client.post(`/api/rooms/${room._id}/forward`, { messageId: dm.body._id });
    expect(notHis.status).toBe(404);
  });

  it('lets a member report a room message (not a stranger), and a moderator’s removal reaches the room live', async () => {
    const [ada, bo] = await trio();
    const stranger = await person();
    const room = await startRoom(ada, [bo]);
    const nasty = await bo.client.post<Message>(`/api/rooms/${room._id}/messages`, {
      message: 'something nasty',
    });
    const body = { kind: 'message', targetId: nasty.body._id, reason: 'harassment', note: '' };
    expect((await stranger.client.post('/api/reports', body)).status).toBe(404);
    expect((await ada.client.post('/api/reports', body)).status).toBe(201);

    const mod = await person();
    expect(await setModerator(app.server.testDb.db.kysely, mod.user.username, true)).toBe(true);
    const adaTab = await app.tab(ada);
    await pause(50);
    const changed = nextEvent(adaTab, 'messageChanged');
    const removed = await mod.client.post(`/api/moderation/messages/${nasty.body._id}/remove`, {
      reason: 'abuse',
    });
    expect(removed.status).toBe(200);
    expect(await changed).toMatchObject({ conversationId: room._id, messageId: nasty.body._id });
  });
});

describe('your data', () => {
  it('puts one’s rooms in the archive with the messages written while one was there', async () => {
    const [ada, bo, cy] = await trio();
    const room = await startRoom(ada, [bo], { name: 'Archive club' });
    await bo.client.post(`/api/rooms/${room._id}/messages`, { message: 'before cy' });
    await ada.client.post(`/api/rooms/${room._id}/members`, { people: [cy.user.username] });
    await pause(5);
    await bo.client.post(`/api/rooms/${room._id}/messages`, { message: 'with cy' });
    await cy.client.post(`/api/rooms/${room._id}/messages`, { message: 'cy speaks' });
    const archive = await downloadArchive(cy.client);
    expect(archive.status).toBe(200);
    expect(jsonOf<Array<{ id: string; name: string; owner: boolean }>>(archive, 'rooms.json')).toEqual([
      expect.objectContaining({ id: room._id, name: 'Archive club', owner: false }),
    ]);
    const messages = jsonOf<Array<{ roomId?: string; from: string; text: string; fromYou: boolean }>>(
      archive,
      'messages.json',
    );
    expect(messages.filter((m) => m.roomId === room._id)).toEqual([
      expect.objectContaining({ from: bo.user.username, text: 'with cy', fromYou: false }),
      expect.objectContaining({ from: cy.user.username, text: 'cy speaks', fromYou: true }),
    ]);
  });

  it('a deleted account leaves its rooms, and a room it owned passes to who was there longest', async () => {
    const [ada, bo, cy] = await trio();
    const room = await startRoom(ada, [bo, cy]);
    const boTab = await app.tab(bo);
    await pause(50);
    const changed = nextEvent(boTab, 'roomChanged');
    expect((await ada.client.delete('/api/users/me', { password: ada.password })).status).toBe(200);
    await changed;
    const view = (await bo.client.get<Room>(`/api/rooms/${room._id}`)).body;
    expect(view.ownerId).toBe(bo.user._id);
    expect(view.members.map((m) => m._id)).not.toContain(ada.user._id);
  });
});
