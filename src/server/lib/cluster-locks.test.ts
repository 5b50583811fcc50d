import { describe, expect, it } from 'vitest';
import { memoryLocks } from './cluster-locks.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('memoryLocks', () => {
  it('has one holder per key; tryAcquire says no while it is held', async () => {
    const locks = memoryLocks();
    const first = await locks.tryAcquire('k');
    expect(first).toBeDefined();
    expect(await locks.tryAcquire('k')).toBeUndefined();
    expect(await locks.tryAcquire('other')).toBeDefined();
    first?.release();
    first?.release();
    const again = await locks.tryAcquire('k');
    expect(again?.fence).toBeGreaterThan(first?.fence ?? Infinity);
  });

  it('serves waiters in arrival order, each after the one before releases', async () => {
    const locks = memoryLocks();
    const holder = await locks.acquire('k');
    const order: number[] = [];
    const waiters = [1, 2, 3].map((n) =>
      locks.acquire('k').then((lease) => {
        order.push(n);
        return lease;
      }),
    );
    await tick();
    expect(order).toEqual([]);
    holder.release();
    (await waiters[0])?.release();
    (await waiters[1])?.release();
    (await waiters[2])?.release();
    expect(order).toEqual([1, 2, 3]);
  });

  it('drops a waiter whose signal aborts, and the next one still gets its turn', async () => {
    const locks = memoryLocks();
    const holder = await locks.acquire('k');
    const stop = new AbortController();
    const gone = locks.acquire('k', stop.signal);
    const next = locks.acquire('k');
    stop.abort(new Error('stopped'));
    await expect(gone).rejects.toThrow('stopped');
    holder.release();
    const lease = await next;
    expect(lease.held()).toBe(true);
    lease.release();
    expect(lease.held()).toBe(false);
  });
});
