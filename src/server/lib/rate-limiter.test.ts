import { describe, expect, it } from 'vitest';
import { tokenBuckets } from './rate-limiter.js';

describe('tokenBuckets', () => {
  it('allows a burst, refuses the next, and refills over time per key', () => {
    const limiter = tokenBuckets(60, 3);
    const t = 1_000_000;
    expect([1, 2, 3, 4].map(() => limiter.take('a', t))).toEqual([true, true, true, false]);
    expect(limiter.take('b', t)).toBe(true);
    expect(limiter.take('a', t + 999)).toBe(false);
    expect(limiter.take('a', t + 1000)).toBe(true);
    expect(limiter.take('a', t + 1000)).toBe(false);
  });
});
