import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../test/factories.js';
import { fakeAiEnv, startFakeOpenAi, type FakeOpenAi } from '../test/fake-openai.js';
import { TestClient } from '../test/http-client.js';
import type { ServerProcess } from '../test/server-process.js';
import { freshRedisDb } from '../test/fresh-redis-db.js';
import { scaleOutRedisUrl, startTwoProcesses, type TwoProcesses } from '../test/two-processes.js';

const redisUrl = scaleOutRedisUrl();

let fake: FakeOpenAi;
let cluster: TwoProcesses;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  const ownRedis = await freshRedisDb(redisUrl, 3);
  fake = await startFakeOpenAi();
  cluster = await startTwoProcesses({
    REDIS_URL: ownRedis,
    AUTH_RATE_LIMIT: '12',
    MESSAGE_RATE_LIMIT: '4',
    ...fakeAiEnv(fake),
    AI_RATE_LIMIT: '3',
  });
  ({ a, b } = cluster);
});

afterAll(async () => {
  await cluster?.close();
  await fake?.close();
});

/** Alternates between the two processes, as a load balancer without stickiness does. */
const alternate = (i: number) => (i % 2 === 0 ? a : b);

describe('limits shared by two processes through Redis', () => {
  it('a person gets each limit once, not once per process: messages', async () => {
    const ada = await buildUser(new TestClient(a.baseUrl));
    const bob = await buildUser(new TestClient(a.baseUrl));
    const onA = await cluster.signIn(a, ada);
    const onB = await cluster.signIn(b, ada);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const sent = await (i % 2 === 0 ? onA : onB).client.post('/api/messages', {
        message: `m${i}`,
        recipientId: bob.user._id,
      });
      statuses.push(sent.status);
    }
    // Four a minute: the fifth is refused wherever it lands (two processes alone would have allowed eight).
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  });

  it('one generation at a time per person, whichever process it runs on; the AI rate is shared too', async () => {
    const cam = await buildUser(new TestClient(b.baseUrl));
    const onA = await cluster.signIn(a, cam);
    fake.enqueue({ text: 'A slow answer.', firstByteDelayMs: 1500 });
    const slow = onA.client.post('/api/ai/getAI', { message: 'take your time' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const meanwhile = await cam.client.post<{ error: string; code: string }>('/api/ai/getAI', {
      message: 'and this?',
    });
    expect(meanwhile.status).toBe(429);
    expect(meanwhile.body.code).toBe('ai_busy');
    expect((await slow).status).toBe(200);

    // The slow call spent one of three; two more pass (one per process), the next is too fast on either.
    // The slot is given back just after the answer's last byte, through Redis: a call right then may find
    // the person still busy, and asks again.
    const ask = async (client: TestClient, message: string) => {
      for (;;) {
        const res = await client.post<{ code?: string }>('/api/ai/getAI', { message });
        if (res.body?.code !== 'ai_busy') return res;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    // The slow call spent one of three; two more pass (one per process), the next is too fast on either.
    expect((await ask(cam.client, 'two')).status).toBe(200);
    expect((await ask(onA.client, 'three')).status).toBe(200);
    const fourth = await ask(cam.client, 'four');
    expect(fourth.status).toBe(429);
    expect(fourth.body.code).toBe('ai_rate_limited');
  });

  it('sign-in attempts from one address are counted across processes', async () => {
    // The tests above logged in three times from this address; the budget of log-ins is twelve a minute.
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await new TestClient(alternate(i).baseUrl).post('/api/users/login', {
        username: 'nobody-here',
        password: 'wrong password',
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 401, 429, 429, 429]);
  });
});
