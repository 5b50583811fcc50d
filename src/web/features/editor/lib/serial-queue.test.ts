import { describe, expect, it } from 'vitest';
import { SerialQueue } from './serial-queue.js';

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('SerialQueue', () => {
  it('runs each job after the one before has finished, in order', async () => {
    const queue = new SerialQueue(() => undefined);
    const log: string[] = [];
    let release: () => void = () => undefined;
    const first = queue.add(async () => {
      log.push('first starts');
      await new Promise<void>((resolve) => (release = resolve));
      log.push('first ends');
    });
    const second = queue.add(async () => void log.push('second'));
    await tick();
    expect(log).toEqual(['first starts']);
    release();
    await Promise.all([first, second]);
    expect(log).toEqual(['first starts', 'first ends', 'second']);
  });

  it('reports a failed job and still runs the next', async () => {
    const errors: unknown[] = [];
    const queue = new SerialQueue((error) => errors.push(error));
    const failure = new Error('broken');
    let ran = false;
    await queue.add(() => Promise.reject(failure));
    await queue.add(async () => void (ran = true));
    expect(errors).toEqual([failure]);
    expect(ran).toBe(true);
  });
});
