import { randomUUID } from 'node:crypto';
import { createClient, type RedisClientType } from 'redis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisPresence, type Presence } from './presence.js';

const NOTHING = { cameOnline: [], wentOffline: [] };

// Two presences on one Redis act as two processes. Part of the scale-out suite, which .ci/run runs with Redis.
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) throw new Error('The Redis presence test needs TEST_REDIS_URL; .ci/run sets it.');

describe('Redis presence across processes', () => {
  const clients: RedisClientType[] = [];
  const presences: Presence[] = [];
  afterAll(async () => {
    await Promise.all(presences.map((p) => p.close()));
    await Promise.all(clients.map((c) => c.quit()));
  });

  async function newProcess(): Promise<Presence> {
    const client: RedisClientType = createClient({ url: redisUrl });
    await client.connect();
    clients.push(client);
    const presence = await redisPresence(client);
    presences.push(presence);
    return presence;
  }

  it('announces a user once when first tabs open in two processes at once, and offline after the last', async () => {
    const [a, b] = [await newProcess(), await newProcess()];
    const ada = randomUUID();
    a.connect(ada);
    b.connect(ada);
    const [fromA, fromB] = await Promise.all([a.flush(), b.flush()]);
    expect([...fromA.cameOnline, ...fromB.cameOnline]).toEqual([ada]);

    a.disconnect(ada);
    expect(await a.flush()).toEqual(NOTHING);
    expect(await a.onlineAmong([ada])).toEqual([ada]);
    b.disconnect(ada);
    expect(await b.flush()).toEqual({ cameOnline: [], wentOffline: [ada] });
    expect(await a.onlineAmong([ada])).toEqual([]);
  });

  it('other processes see a tab once it is flushed; a close and reopen between flushes tells nobody', async () => {
    const [a, b] = [await newProcess(), await newProcess()];
    const bob = randomUUID();
    b.connect(bob);
    expect(await a.onlineAmong([bob])).toEqual([]);
    expect(await b.flush()).toEqual({ cameOnline: [bob], wentOffline: [] });
    expect(await a.onlineAmong([bob])).toEqual([bob]);
    b.disconnect(bob);
    b.connect(bob);
    expect(await b.flush()).toEqual(NOTHING);
    expect(await a.onlineAmong([bob])).toEqual([bob]);
  });
});
