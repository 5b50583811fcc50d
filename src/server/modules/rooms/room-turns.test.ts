import { describe, expect, it } from 'vitest';
import type { Message } from '../../../contracts/messages.js';
import { ROOM_ERRORS, type Room } from '../../../contracts/rooms.js';
import { buildPersona, buildUser, type BuiltUser } from '../../test/factories.js';
import { fakeAiApp } from '../../test/fake-ai-app.js';
import { startRoom } from '../../test/rooms.js';
import { nextEvent, pause } from '../../test/socket-client.js';

// Who speaks in a room, what a persona is told, and who may stop it; the provider is the fake one, over HTTP.
const app = fakeAiApp();

interface Scene {
  ada: BuiltUser;
  bo: BuiltUser;
  room: Room;
  sage: { _id: string; username: string };
  jester: { _id: string; username: string };
}

async function scene(replyMode: Room['replyMode']): Promise<Scene> {
  const ada = await buildUser(app.server.client());
  const bo = await buildUser(app.server.client());
  const sage = await buildPersona(ada.client, { name: 'Sage', prompt: 'You are Sage. SAGESECRETPROMPT.' });
  const jester = await buildPersona(bo.client, { name: 'Jester', prompt: 'You are Jester. JESTERSECRET.' });
  const room = await startRoom(ada, [bo], { personas: [sage.username, jester.username], replyMode });
  return { ada, bo, room, sage, jester };
}

async function say(who: BuiltUser, room: Room, text: string): Promise<Message> {
  const res = await who.client.post<Message>(`/api/rooms/${room._id}/messages`, { message: text });
  if (res.status !== 201) throw new Error(`send failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Waits until the room holds `count` persona messages (or a second passes), then a little longer for extras. */
async function personaTurns(reader: BuiltUser, room: Room, personaIds: string[], count: number) {
  const read = async () =>
    (await reader.client.get<Message[]>(`/api/rooms/${room._id}/messages`)).body.filter((m) =>
      personaIds.includes(m.sender),
    );
  for (let i = 0; i < 50 && (await read()).length < count; i += 1) await pause(40);
  await pause(200);
  return read();
}

const replies = () => app.fake.requests.filter((r) => r.body.stream);

describe('reply modes', () => {
  it('one responds: exactly one persona answers each message, never the same twice in a row', async () => {
    const { ada, bo, room, sage, jester } = await scene('one');
    const ids = [sage._id, jester._id];
    await say(ada, room, 'good morning everyone');
    const first = await personaTurns(bo, room, ids, 1);
    expect(first).toHaveLength(1);
    await say(bo, room, 'and how are you');
    const both = await personaTurns(bo, room, ids, 2);
    expect(both).toHaveLength(2);
    expect(both[0]?.sender).not.toBe(both[1]?.sender);
  });

  it('an @name makes that persona answer, in any mode; a benched persona never speaks', async () => {
    const { ada, bo, room, sage, jester } = await scene('one');
    const ids = [sage._id, jester._id];
    await say(ada, room, `@${jester.username} tell us a joke`);
    expect((await personaTurns(bo, room, ids, 1)).map((m) => m.sender)).toEqual([jester._id]);
    await say(ada, room, `@${jester.username} another one`);
    expect((await personaTurns(bo, room, ids, 2)).map((m) => m.sender)).toEqual([jester._id, jester._id]);

    const bench = await ada.client.put(`/api/rooms/${room._id}/personas/${jester._id}/bench`, {
      benched: true,
    });
    expect(bench.status).toBe(200);
    await say(bo, room, `@${jester.username} are you there`);
    await say(bo, room, 'anyone at all');
    const after = await personaTurns(bo, room, ids, 4);
    expect(after.slice(2).map((m) => m.sender)).toEqual([sage._id, sage._id]);
  });

  it('mentioned: nobody answers until @named, then each one named answers', async () => {
    const { ada, bo, room, sage, jester } = await scene('mentioned');
    const ids = [sage._id, jester._id];
    await say(ada, room, 'just chatting among people');
    expect(await personaTurns(bo, room, ids, 1)).toEqual([]);
    await say(ada, room, `@${sage.username} and @${jester.username}, your views?`);
    expect((await personaTurns(bo, room, ids, 2)).map((m) => m.sender)).toEqual([sage._id, jester._id]);
  });

  it('free: personas answer each other, and the room budget stops the run', async () => {
    const { ada, bo, room, sage, jester } = await scene('free');
    const ids = [sage._id, jester._id];
    const set = await ada.client.patch(`/api/rooms/${room._id}`, { personaTurns: 3 });
    expect(set.status).toBe(200);
    await say(ada, room, 'discuss tea among yourselves');
    const run = await personaTurns(bo, room, ids, 3);
    await pause(300);
    expect((await personaTurns(bo, room, ids, 3)).length).toBe(3);
    expect(run.map((m) => m.sender)).toEqual([run[0]?.sender, run[1]?.sender, run[0]?.sender]);
    expect(run[0]?.sender).not.toBe(run[1]?.sender);
  });
});

describe('what a persona is told', () => {
  it('holds the room since it joined, as "Name: text", and nothing of a private DM or another persona’s prompt', async () => {
    const ada = await buildUser(app.server.client());
    const bo = await buildUser(app.server.client());
    const sage = await buildPersona(ada.client, { name: 'Sage', prompt: 'You are Sage. SAGESECRETPROMPT.' });
    const jester = await buildPersona(bo.client, { name: 'Jester', prompt: 'You are Jester. JESTERSECRET.' });
    // Bo's private DM with Sage.
    await bo.client.post('/api/messages', {
      message: 'PRIVATE-DM-SECRET my password is hunter2',
      recipientId: sage._id,
    });
    for (
      let i = 0;
      i < 50 && replies().every((r) => !JSON.stringify(r.body).includes('PRIVATE-DM-SECRET'));
      i += 1
    )
      await pause(20);
    const room = await startRoom(ada, [bo], { personas: [jester.username], replyMode: 'mentioned' });
    await say(ada, room, 'BEFORE-SAGE-JOINED hello');
    await ada.client.post(`/api/rooms/${room._id}/members`, { personas: [sage.username] });
    await pause(5);
    await say(bo, room, 'AFTER-SAGE-JOINED hi');
    const asked = replies().length;
    await say(ada, room, `@${sage.username} what do you think`);
    await personaTurns(ada, room, [sage._id], 1);
    const prompt = replies().slice(asked)[0]?.body.messages ?? [];
    const text = JSON.stringify(prompt);
    expect(prompt[0]?.content).toContain('SAGESECRETPROMPT');
    expect(text).toContain(`${bo.user.name} (@${bo.user.username}): AFTER-SAGE-JOINED hi`);
    expect(text).toContain(`@${sage.username} what do you think`);
    expect(text).not.toContain('BEFORE-SAGE-JOINED');
    expect(text).not.toContain('PRIVATE-DM-SECRET');
    expect(text).not.toContain('JESTERSECRET');
  });
});

describe('streaming and stopping', () => {
  it('streams a turn to every member, and lets the person who set it off stop it, but not another member', async () => {
    const { ada, bo, room, sage, jester } = await scene('one');
    const [adaTab, boTab] = [await app.tab(ada), await app.tab(bo)];
    await pause(50);
    app.fake.enqueue({ text: 'one two three four five six seven eight nine ten', chunkDelayMs: 150 });
    const started = nextEvent(boTab, 'aiReplyStart');
    const adaDelta = nextEvent(adaTab, 'aiReplyDelta');
    await say(ada, room, `@${sage.username} count slowly`);
    expect(await started).toMatchObject({
      conversationId: room._id,
      personaId: sage._id,
      triggeredBy: ada.user._id,
    });
    await adaDelta;
    // A tab opening now sees the turn so far.
    const opened = await bo.client.get<Room>(`/api/rooms/${room._id}`);
    expect(opened.body.speaking).toMatchObject({ personaId: sage._id, triggeredBy: ada.user._id });
    expect(
      'one two three four five six seven eight nine ten'.startsWith(opened.body.speaking?.text ?? '∅'),
    ).toBe(true);
    const refused = await bo.client.post(`/api/rooms/${room._id}/stop`, {});
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: ROOM_ERRORS.mayNotStop });
    const stored = nextEvent(boTab, 'newMessage', 5000);
    const stop = await ada.client.post(`/api/rooms/${room._id}/stop`, {});
    expect(stop.body).toEqual({ stopped: true });
    // What everyone saw is kept, cut where it stopped.
    const cut = await stored;
    expect(cut.sender).toBe(sage._id);
    expect('one two three four five six seven eight nine ten'.startsWith(cut.text)).toBe(true);
    expect(cut.text.length).toBeLessThan(40);
    const again = await ada.client.post(`/api/rooms/${room._id}/stop`, {});
    expect(again.status).toBe(409);
    expect(jester).toBeDefined();
  });
});

describe('room memory', () => {
  it('keeps what a persona notes in a room for that room and persona, seen and changed by members, off at the owner’s word', async () => {
    const { ada, bo, room, sage, jester } = await scene('mentioned');
    const stranger = await buildUser(app.server.client());
    const memoryPath = `/api/rooms/${room._id}/personas/${sage._id}/memory`;
    const boTab = await app.tab(bo);
    await pause(50);
    app.fake.enqueueMemory({ text: 'Ada plans a trip to Lisbon.' });
    const changed = nextEvent(boTab, 'memoryChanged', 5000);
    await say(ada, room, `@${sage.username} I am planning a trip to Lisbon`);
    expect(await changed).toEqual({ conversationId: room._id, personaId: sage._id });
    const read = await bo.client.get<{ enabled: boolean; items: Array<{ _id: string; text: string }> }>(
      memoryPath,
    );
    expect(read.body).toMatchObject({ enabled: true, items: [{ text: 'Ada plans a trip to Lisbon.' }] });
    // Jester's memory of the room is its own, and strangers see none of it.
    const jesters = await bo.client.get<{ items: unknown[] }>(
      `/api/rooms/${room._id}/personas/${jester._id}/memory`,
    );
    expect(jesters.body.items).toEqual([]);
    expect((await stranger.client.get(memoryPath)).status).toBe(404);

    const added = await bo.client.post<{ _id: string }>(memoryPath, { text: 'Bo prefers trains.' });
    expect(added.status).toBe(201);
    const asked = replies().length;
    await say(bo, room, `@${sage.username} any tips`);
    await personaTurns(bo, room, [sage._id], 2);
    const system = replies().slice(asked)[0]?.body.messages[0]?.content ?? '';
    expect(system).toContain('Ada plans a trip to Lisbon.');
    expect(system).toContain('Bo prefers trains.');

    expect((await bo.client.patch(`/api/rooms/${room._id}`, { memoryOn: false })).status).toBe(403);
    expect((await ada.client.patch(`/api/rooms/${room._id}`, { memoryOn: false })).status).toBe(200);
    const off = replies().length;
    await say(bo, room, `@${sage.username} and now`);
    await personaTurns(bo, room, [sage._id], 3);
    expect(replies().slice(off)[0]?.body.messages[0]?.content).not.toContain('Bo prefers trains.');
    expect((await bo.client.delete(`${memoryPath}/${added.body._id}`)).status).toBe(204);
  });
});
