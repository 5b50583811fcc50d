import { createClient, type RedisClientType } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisLocks } from './cluster-locks.js';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) throw new Error('The Redis lock test needs TEST_REDIS_URL; .ci/run sets it.');

const timing = { ttlMs: 600, pollMs: 20 };
const clients: RedisClientType[] = [];
/** One client per "process". */
async function connectAsProcess(): Promise<RedisClientType> {
  const client: RedisClientType = createClient({ url: redisUrl, disableOfflineQueue: true });
  client.on('error', () => undefined);
  await client.connect();
  clients.push(client);
  return client;
}
const key = () => `test-${Math.random().toString(36).slice(2)}`;

let a: RedisClientType;
let b: RedisClientType;
beforeAll(async () => {
  [a, b] = [await connectAsProcess(), await connectAsProcess()];
});
afterAll(async () => {
  await Promise.all(clients.filter((c) => c.isOpen).map((c) => c.quit()));
});

describe('redisLocks', () => {
  it('are exclusive across processes, and a waiter elsewhere gets the lock when it is given up', async () => {
    const k = key();
    const onA = redisLocks(a, timing);
    const onB = redisLocks(b, timing);
    const held = await onA.acquire(k);
    expect(await onB.tryAcquire(k)).toBeUndefined();
    const waiting = onB.acquire(k);
    await new Promise((resolve) => setTimeout(resolve, 100));
    held.release();
    const next = await waiting;
    expect(next.fence).toBeGreaterThan(held.fence);
    expect(next.held()).toBe(true);
    next.release();
  });

  it('are renewed while held, longer than their expiry', async () => {
    const k = key();
    const lease = await redisLocks(a, timing).acquire(k);
    await new Promise((resolve) => setTimeout(resolve, timing.ttlMs * 3));
    expect(lease.held()).toBe(true);
    expect(await redisLocks(b, timing).tryAcquire(k)).toBeUndefined();
    lease.release();
  });

  it('are taken over when their holder dies: once it stops renewing, the lock expires', async () => {
    const k = key();
    const doomed = await connectAsProcess();
    const lease = await redisLocks(doomed, timing).acquire(k);
    doomed.destroy();
    const started = Date.now();
    const taken = await redisLocks(b, timing).acquire(k);
    expect(Date.now() - started).toBeLessThan(timing.ttlMs * 3);
    expect(taken.fence).toBeGreaterThan(lease.fence);
    // The dead holder, were it only partitioned, would know it no longer holds the lock.
    await new Promise((resolve) => setTimeout(resolve, timing.ttlMs));
    expect(lease.held()).toBe(false);
    taken.release();
  });
});
