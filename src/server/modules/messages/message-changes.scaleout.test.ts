import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../../contracts/messages.js';
import { buildUser } from '../../test/factories.js';
import { TestClient } from '../../test/http-client.js';
import { startRoom } from '../../test/rooms.js';
import type { ServerProcess } from '../../test/server-process.js';
import { nextEvent, pause } from '../../test/socket-client.js';
import { scaleOutRedisUrl, startTwoProcesses, type TwoProcesses } from '../../test/two-processes.js';

// Edit, delete and reactions made through one process reach open tabs on the other (DM pair rooms and a room's
// channel are fanned out through Redis), and the limits are shared.
const redisUrl = scaleOutRedisUrl();

let cluster: TwoProcesses;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  cluster = await startTwoProcesses({ REDIS_URL: redisUrl });
  ({ a, b } = cluster);
});

afterAll(async () => {
  await cluster?.close();
});

const personOn = (server: ServerProcess) => buildUser(new TestClient(server.baseUrl));

describe('message changes across processes', () => {
  it('an edit, reactions and a deletion in a DM reach the other person’s tab on the other process', async () => {
    const ada = await personOn(a);
    const bo = await personOn(b);
    const sent = await ada.client.post<Message>('/api/messages', {
      message: 'Helo',
      recipientId: bo.user._id,
    });
    const boTab = await cluster.on(b, bo);
    await pause(100);

    const edited = nextEvent(boTab, 'messageEdited', 5000);
    expect((await ada.client.patch(`/api/messages/${sent.body._id}`, { text: 'Hello' })).status).toBe(200);
    expect(await edited).toMatchObject({ messageId: sent.body._id, text: 'Hello' });

    const reacted = nextEvent(boTab, 'reactionsChanged', 5000);
    await ada.client.put(`/api/messages/${sent.body._id}/reactions/${encodeURIComponent('👍')}`);
    expect((await reacted).reactions).toMatchObject([{ emoji: '👍', count: 1 }]);

    const deleted = nextEvent(boTab, 'messageDeleted', 5000);
    expect((await ada.client.delete(`/api/messages/${sent.body._id}`)).status).toBe(204);
    expect(await deleted).toEqual({ conversationId: sent.body.conversationId, messageId: sent.body._id });
    const page = await bo.client.get<Message[]>(`/api/messages/${ada.user._id}`);
    expect(page.body[0]).toMatchObject({ text: '', deleted: true });
  });

  it('a change in a room reaches a member whose tab is on the other process', async () => {
    const ada = await personOn(a);
    const bo = await personOn(b);
    const room = await startRoom(ada, [bo]);
    const said = await ada.client.post<Message>(`/api/rooms/${room._id}/messages`, { message: 'Chapter 3?' });
    const boTab = await cluster.on(b, bo);
    await pause(100);
    const edited = nextEvent(boTab, 'messageEdited', 5000);
    await ada.client.patch(`/api/messages/${said.body._id}`, { text: 'Chapter 4?' });
    expect(await edited).toMatchObject({ conversationId: room._id, text: 'Chapter 4?' });
    const reacted = nextEvent(boTab, 'reactionsChanged', 5000);
    await ada.client.put(`/api/messages/${said.body._id}/reactions/${encodeURIComponent('😮')}`);
    expect((await reacted).conversationId).toBe(room._id);
  });

  it('shares the edit-and-delete limit between processes', async () => {
    const adaOnA = await personOn(a);
    const adaOnB = await cluster.signIn(b, adaOnA);
    // Counted before the message is looked up: the limit is the same whether it exists or not.
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const client = i % 2 === 0 ? adaOnA.client : adaOnB.client;
      statuses.push((await client.patch('/api/messages/none', { text: 'x' })).status);
    }
    expect(statuses).toContain(429);
  });
});
