import { validate, version } from 'uuid';
import { describe, expect, it, vi } from 'vitest';
import { newId, newRow, nowIso } from './ids.js';

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

describe('nowIso', () => {
  it('is the current millisecond, formatted afresh whenever the clock moves on', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.UTC(2026, 10, 26, 9, 30, 0, 5));
      expect(nowIso()).toBe('2026-11-26T09:30:00.005Z');
      expect(nowIso()).toBe('2026-11-26T09:30:00.005Z');
      vi.setSystemTime(Date.UTC(2026, 10, 26, 9, 30, 0, 6));
      expect(nowIso()).toBe('2026-11-26T09:30:00.006Z');
      vi.setSystemTime(Date.UTC(2026, 10, 26, 9, 30, 0, 5));
      expect(nowIso()).toBe('2026-11-26T09:30:00.005Z');
    } finally {
      vi.useRealTimers();
    }
  });

  it('matches the clock of a real run', () => {
    const before = Date.now();
    const at = Date.parse(nowIso());
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
  });
});

describe('newRow', () => {
  it('gives a fresh id and one timestamp for created and updated', () => {
    const [a, b] = [newRow(), newRow()];
    expect(version(a.id)).toBe(7);
    expect(a.id).not.toBe(b.id);
    expect(a.updatedAt).toBe(a.createdAt);
    expect(Number.isNaN(Date.parse(a.createdAt))).toBe(false);
  });
});
