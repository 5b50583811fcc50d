import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../../contracts/messages.js';
import { buildPersona, buildUser } from '../../test/factories.js';
import { fakeAiEnv, startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai.js';
import { TestClient } from '../../test/http-client.js';
import { startRoom } from '../../test/rooms.js';
import type { ServerProcess } from '../../test/server-process.js';
import { collect, nextEvent, pause } from '../../test/socket-client.js';
import { scaleOutRedisUrl, startTwoProcesses, type TwoProcesses } from '../../test/two-processes.js';

// Rooms across two processes sharing PostgreSQL and Redis: one fan-out per message reaches members on both,
// removal and stopping work whichever process is asked.
const redisUrl = scaleOutRedisUrl();

let fake: FakeOpenAi;
let cluster: TwoProcesses;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  fake = await startFakeOpenAi({ text: 'Hello from the fake model.' });
  cluster = await startTwoProcesses({ REDIS_URL: redisUrl, ...fakeAiEnv(fake), AI_RATE_LIMIT: '600' });
  ({ a, b } = cluster);
});

afterAll(async () => {
  await cluster?.close();
  await fake?.close();
});

const personOn = (server: ServerProcess) => buildUser(new TestClient(server.baseUrl));

describe('rooms across processes', () => {
  it('delivers each message to members on both processes, and a persona’s turn too', async () => {
    const ada = await personOn(a);
    const [bo, cy] = [await personOn(b), await personOn(b)];
    const persona = await buildPersona(ada.client);
    const room = await startRoom(ada, [bo, cy], { personas: [persona.username], replyMode: 'mentioned' });
    const [adaTab, boTab, cyTab] = [
      await cluster.on(a, ada),
      await cluster.on(b, bo),
      await cluster.on(b, cy),
    ];
    await pause(100);
    const heard = [adaTab, boTab, cyTab].map((tab) => nextEvent(tab, 'newMessage', 5000));
    await bo.client.post(`/api/rooms/${room._id}/messages`, { message: 'from b' });
    for (const message of await Promise.all(heard)) expect(message.text).toBe('from b');

    const started = nextEvent(boTab, 'aiReplyStart', 5000);
    const reply = new Promise<Message>((resolve) =>
      cyTab.on('newMessage', (m) => m.sender === persona._id && resolve(m)),
    );
    await ada.client.post(`/api/rooms/${room._id}/messages`, { message: `@${persona.username} hi` });
    expect(await started).toMatchObject({ conversationId: room._id, personaId: persona._id });
    expect((await reply).text).toBe('Hello from the fake model.');
  });

  it('a member removed through one process stops hearing the room at once on the other', async () => {
    const ada = await personOn(a);
    const [bo, cy] = [await personOn(b), await personOn(a)];
    const room = await startRoom(ada, [bo, cy]);
    const boTab = await cluster.on(b, bo);
    await pause(100);
    const removed = nextEvent(boTab, 'roomRemoved', 5000);
    expect((await ada.client.delete(`/api/rooms/${room._id}/members/${bo.user._id}`)).status).toBe(204);
    await removed;
    const heard = collect(boTab, 'newMessage');
    await cy.client.post(`/api/rooms/${room._id}/messages`, { message: 'not for bo' });
    await pause(300);
    expect(heard).toEqual([]);
  });

  it('a member added through one process hears the room on the other from then on', async () => {
    const ada = await personOn(a);
    const [bo, cy] = [await personOn(a), await personOn(b)];
    const room = await startRoom(ada, [bo]);
    const cyTab = await cluster.on(b, cy);
    await pause(100);
    const changed = nextEvent(cyTab, 'roomChanged', 5000);
    await ada.client.post(`/api/rooms/${room._id}/members`, { people: [cy.user.username] });
    await changed;
    const heard = nextEvent(cyTab, 'newMessage', 5000);
    await bo.client.post(`/api/rooms/${room._id}/messages`, { message: 'welcome' });
    expect((await heard).text).toBe('welcome');
  });

  it('stops a persona speaking on one process when asked through the other', async () => {
    const adaOnA = await personOn(a);
    const adaOnB = await cluster.signIn(b, adaOnA);
    const bo = await personOn(b);
    const persona = await buildPersona(adaOnA.client);
    const room = await startRoom(adaOnA, [bo], { personas: [persona.username], replyMode: 'mentioned' });
    const boTab = await cluster.on(b, bo);
    await pause(100);
    fake.enqueue({ text: 'one two three four five six seven eight nine ten', chunkDelayMs: 200 });
    const delta = nextEvent(boTab, 'aiReplyDelta', 5000);
    const stored = new Promise<Message>((resolve) =>
      boTab.on('newMessage', (m) => m.sender === persona._id && resolve(m)),
    );
    // Sent through process A, so A runs the turn; stopped through B.
    await adaOnA.client.post(`/api/rooms/${room._id}/messages`, { message: `@${persona.username} count` });
    await delta;
    const stop = await adaOnB.client.post(`/api/rooms/${room._id}/stop`, {});
    expect(stop.body).toEqual({ stopped: true });
    const cut = await stored;
    expect(cut.text.length).toBeLessThan('one two three four five six seven eight nine ten'.length);
  });
});
