import { describe, expect, it } from 'vitest';
import { AiUnavailableError } from '../engine.js';
import { BUSY_MESSAGE, GenerationQueue } from './generation-queue.js';

describe('GenerationQueue', () => {
  it('serves one at a time, in the order of the calls', async () => {
    const queue = new GenerationQueue(5);
    const order: string[] = [];
    const first = await queue.acquire();
    const second = queue.acquire().then((release) => (order.push('second'), release));
    const third = queue.acquire().then((release) => (order.push('third'), release));
    expect(queue.waiting).toBe(2);

    first();
    (await second)();
    (await third)();
    expect(order).toEqual(['second', 'third']);
    expect(queue.busy).toBe(false);
  });

  it('refuses when the line is full', async () => {
    const queue = new GenerationQueue(1);
    await queue.acquire();
    void queue.acquire();
    const refused = queue.acquire();
    await expect(refused).rejects.toBeInstanceOf(AiUnavailableError);
    await expect(refused).rejects.toThrow(BUSY_MESSAGE);
  });

  it('lets an aborted waiter leave the line', async () => {
    const queue = new GenerationQueue(1);
    const release = await queue.acquire();
    const controller = new AbortController();
    const waiting = queue.acquire(controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect(queue.waiting).toBe(0);

    const next = queue.acquire();
    release();
    await expect(next).resolves.toBeTypeOf('function');
  });

  it('ignores a second release', async () => {
    const queue = new GenerationQueue(2);
    const release = await queue.acquire();
    const next = queue.acquire();
    release();
    release();
    const releaseNext = await next;
    expect(queue.busy).toBe(true);
    releaseNext();
    expect(queue.busy).toBe(false);
  });
});
