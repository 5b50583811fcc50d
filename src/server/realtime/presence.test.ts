import { randomUUID } from 'node:crypto';
import { createClient, type RedisClientType } from 'redis';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryPresence, redisPresence, type Presence } from './presence.js';

const NOTHING = { cameOnline: [], wentOffline: [] };

describe('memory presence', () => {
  it('counts tabs and reports only net changes at a flush', async () => {
    const presence = memoryPresence();
    presence.connect('ada');
    presence.connect('ada');
    presence.connect('bob');
    expect(await presence.flush()).toEqual({ cameOnline: ['ada', 'bob'], wentOffline: [] });
    presence.disconnect('ada');
    expect(await presence.flush()).toEqual(NOTHING);
    presence.disconnect('ada');
    expect(await presence.onlineAmong(['ada', 'bob', 'eve'])).toEqual(['bob']);
    expect(await presence.flush()).toEqual({ cameOnline: [], wentOffline: ['ada'] });
  });

  it('a last tab that closes and reopens between flushes changes nothing', async () => {
    const presence = memoryPresence();
    presence.connect('ada');
    await presence.flush();
    presence.disconnect('ada');
    presence.connect('ada');
    expect(await presence.flush()).toEqual(NOTHING);
    presence.connect('bob');
    presence.disconnect('bob');
    expect(await presence.flush()).toEqual(NOTHING);
  });
});

// CI's PostgreSQL run sets TEST_REDIS_URL (and so runs this); two presences on one Redis act as two processes.
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('Redis presence across processes', () => {
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
