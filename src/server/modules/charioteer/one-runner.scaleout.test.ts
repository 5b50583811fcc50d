import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Discussion, DiscussionWithTurns } from '../../../contracts/charioteer.js';
import type { Message } from '../../../contracts/messages.js';
import { buildPersona, buildUser, type BuiltUser } from '../../test/factories.js';
import { fakeAiEnv, startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai.js';
import { TestClient } from '../../test/http-client.js';
import type { ServerProcess } from '../../test/server-process.js';
import { scaleOutRedisUrl, startTwoProcesses, type TwoProcesses } from '../../test/two-processes.js';

const redisUrl = scaleOutRedisUrl();

const SLOW_TURN = { text: 'one two three four five six seven eight', chunkDelayMs: 150 };

let fake: FakeOpenAi;
let cluster: TwoProcesses;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  fake = await startFakeOpenAi(SLOW_TURN);
  cluster = await startTwoProcesses({
    REDIS_URL: redisUrl,
    ...fakeAiEnv(fake),
    AI_RATE_LIMIT: '600',
  });
  ({ a, b } = cluster);
});

afterAll(async () => {
  await cluster?.close();
  await fake?.close();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await pause(100);
  }
}

/** A host signed in on both processes, with two personas to seat. */
async function host(): Promise<{ onA: BuiltUser; onB: BuiltUser; personaIds: string[] }> {
  const onA = await buildUser(new TestClient(a.baseUrl));
  const onB = await cluster.signIn(b, onA);
  const personaIds = [(await buildPersona(onA.client))._id, (await buildPersona(onA.client))._id];
  return { onA, onB, personaIds };
}

async function startOnA(onA: BuiltUser, personaIds: string[]): Promise<Discussion> {
  const started = await onA.client.post<Discussion>('/api/charioteer/discussions', {
    topic: 'Tea or coffee?',
    personaIds,
    turns: 30,
  });
  expect(started.status).toBe(201);
  return started.body;
}

const mentions = (topic: string) => (r: FakeOpenAi['requests'][number]) =>
  r.body.messages.some((m) => m.content.includes(topic));

describe('one runner per conversation and per discussion, across two processes', () => {
  it("a persona's replies in one conversation never overlap, whichever process took the messages", async () => {
    const { onA, onB } = await host();
    const persona = await buildPersona(onA.client, { prompt: 'You are Quill. Answer briefly.' });
    const before = fake.requests.length;
    const send = (user: BuiltUser, message: string) =>
      user.client.post<Message>('/api/messages', { message, recipientId: persona._id });
    expect((await send(onA, 'first, through A')).status).toBe(201);
    expect((await send(onB, 'second, through B')).status).toBe(201);

    const replies = await until(
      async () => fake.requests.slice(before).filter((r) => r.finishedAt !== undefined),
      (done) => done.length >= 2,
    );
    expect(replies).toHaveLength(2);
    const [first, second] = replies.sort((x, y) => x.receivedAt - y.receivedAt);
    // The second reply was asked for only once the first had been answered in full.
    expect(second?.receivedAt).toBeGreaterThanOrEqual(first?.finishedAt ?? Infinity);
  });

  it('a stop through the other process aborts the turn being spoken', async () => {
    const { onA, onB, personaIds } = await host();
    const topic = `Stop me ${Date.now()}`;
    const started = await onA.client.post<Discussion>('/api/charioteer/discussions', {
      topic,
      personaIds,
      turns: 30,
    });
    expect(started.status).toBe(201);
    const speaking = await until(
      async () => fake.requests.find(mentions(topic)),
      (r) => r !== undefined,
    );
    if (!speaking) throw new Error('no turn started');
    const stopped = await onB.client.post<Discussion>(`/api/charioteer/discussions/${started.body._id}/stop`);
    expect(stopped.status).toBe(200);
    const aborted = await until(
      async () => speaking.abortedAt,
      (at) => at !== undefined,
      3_000,
    );
    expect(aborted).toBeDefined();
    expect(speaking.finishedAt).toBeUndefined();
  });

  it('a discussion whose process dies is taken over by the other and goes on', async () => {
    const { onA, onB, personaIds } = await host();
    const discussion = await startOnA(onA, personaIds);
    const turnsOf = async () =>
      (await onB.client.get<DiscussionWithTurns>(`/api/charioteer/discussions/${discussion._id}`)).body.turns
        .length;
    expect(await until(turnsOf, (n) => n >= 1)).toBeGreaterThanOrEqual(1);

    process.kill(a.pid, 'SIGKILL');
    const atDeath = await turnsOf();
    // The dead process's lock expires (15 s), and B's next look for orphans (every 10 s) takes the discussion.
    const later = await until(turnsOf, (n) => n > atDeath, 45_000);
    expect(later).toBeGreaterThan(atDeath);
    const row = (await onB.client.get<DiscussionWithTurns>(`/api/charioteer/discussions/${discussion._id}`))
      .body;
    expect(row.discussion.status).toBe('running');
  }, 60_000);
});
