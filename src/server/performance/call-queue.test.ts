import { describe, expect, it } from 'vitest';
import { callQueue, type WaitingCall } from './call-queue.js';

/** A call that records what became of it; `leave` it from the queue once admitted. */
function call(name: string, log: string[], isGone = () => false): WaitingCall {
  return {
    admit: () => log.push(`admit ${name}`),
    refuse: () => log.push(`refuse ${name}`),
    gone: isGone,
  };
}

function setUp(limit = 2, maxWaitMs = 1000) {
  let t = 0;
  const log: string[] = [];
  const queue = callQueue(limit, maxWaitMs, () => t);
  return { queue, log, advance: (ms: number) => (t += ms) };
}

describe('callQueue', () => {
  it('admits up to its limit at once, then lets the rest wait their turn, oldest first', () => {
    const { queue, log } = setUp(2);
    for (const name of ['a', 'b', 'c', 'd']) queue.enter(call(name, log));
    expect(log).toEqual(['admit a', 'admit b']);
    expect([queue.answering(), queue.waiting()]).toEqual([2, 2]);
    queue.leave();
    expect(log.at(-1)).toBe('admit c');
    queue.leave();
    queue.leave();
    expect(log).toEqual(['admit a', 'admit b', 'admit c', 'admit d']);
    expect([queue.answering(), queue.waiting()]).toEqual([1, 0]);
  });

  it('refuses a call that has waited longer than its bound, and says a newcomer would wait too long', () => {
    const { queue, log, advance } = setUp(1, 1000);
    queue.enter(call('a', log));
    queue.enter(call('b', log));
    advance(600);
    queue.enter(call('c', log));
    expect(queue.overdue()).toBe(false);
    advance(500);
    expect(queue.overdue()).toBe(true);
    // b waited 1,100 ms and is refused; c waited 500 and takes the place a left.
    queue.leave();
    expect(log).toEqual(['admit a', 'refuse b', 'admit c']);
    expect(queue.overdue()).toBe(false);
  });

  it('refuses overdue calls even while no place comes free (drain, as the server does every quarter of the bound)', () => {
    const { queue, log, advance } = setUp(1, 1000);
    queue.enter(call('a', log));
    queue.enter(call('b', log));
    advance(1001);
    queue.drain();
    expect(log).toEqual(['admit a', 'refuse b']);
    expect(queue.waiting()).toBe(0);
  });

  it('drops a call whose client went away while it waited, neither admitting nor answering it', () => {
    const { queue, log } = setUp(1);
    let gone = false;
    queue.enter(call('a', log));
    queue.enter(call('b', log, () => gone));
    queue.enter(call('c', log));
    gone = true;
    queue.leave();
    expect(log).toEqual(['admit a', 'admit c']);
    expect(queue.answering()).toBe(1);
  });

  it('keeps its order through many calls (the line is compacted as it goes)', () => {
    const { queue, log } = setUp(1, Infinity);
    const names = Array.from({ length: 5000 }, (_, i) => `c${i}`);
    for (const name of names) queue.enter(call(name, log));
    for (let i = 0; i < names.length; i++) queue.leave();
    expect(log).toEqual(names.map((name) => `admit ${name}`));
  });
});
