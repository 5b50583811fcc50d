import { validate, version } from 'uuid';
import { describe, expect, it } from 'vitest';
import { newId } from './ids.js';

describe('newId', () => {
  it('makes valid UUIDv7s that sort in the order they were made, across refills of the random pool', () => {
    const ids = Array.from({ length: 2_000 }, () => newId());
    for (const id of ids) {
      expect(validate(id)).toBe(true);
      expect(version(id)).toBe(7);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('carries the time it was made, so indexes stay ordered by time', () => {
    const before = Date.now();
    const id = newId();
    const msecs = parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(msecs).toBeGreaterThanOrEqual(before);
    expect(msecs).toBeLessThanOrEqual(Date.now() + 1);
  });

  it('differs in its random bits from one id to the next', () => {
    const tails = new Set(Array.from({ length: 1_000 }, () => newId().slice(-12)));
    expect(tails.size).toBe(1_000);
  });
});
