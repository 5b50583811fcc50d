import { describe, expect, it } from 'vitest';
import { limits, perMinute } from './limits.js';

describe('perMinute', () => {
  it('turns a rate and a burst into whole-second windows that keep the average rate', () => {
    expect(perMinute(60, 20)).toEqual({ points: 20, seconds: 20 });
    expect(perMinute(20, 20)).toEqual({ points: 20, seconds: 60 });
    expect(perMinute(3000, 100)).toEqual({ points: 100, seconds: 2 });
    // A burst larger than the rate is the rate; a window is never shorter than a second.
    expect(perMinute(5, 50)).toEqual({ points: 5, seconds: 60 });
    expect(perMinute(6000, 20)).toEqual({ points: 100, seconds: 1 });
  });
});

describe('limits without Redis', () => {
  it('allows the window, then says how long until the key may act again, per key', async () => {
    const limiter = limits().limiter('test', { points: 2, seconds: 2 });
    expect(await limiter.take('ada')).toBe(0);
    expect(await limiter.take('ada')).toBe(0);
    const wait = await limiter.take('ada');
    expect(wait).toBeGreaterThan(1000);
    expect(wait).toBeLessThanOrEqual(2000);
    expect(await limiter.take('bob')).toBe(0);
  });

  it('keeps limits of different names apart', async () => {
    const shared = limits();
    const one = shared.limiter('one', { points: 1, seconds: 60 });
    const two = shared.limiter('two', { points: 1, seconds: 60 });
    expect(await one.take('ada')).toBe(0);
    expect(await two.take('ada')).toBe(0);
    expect(await one.take('ada')).toBeGreaterThan(0);
  });
});

describe('allowances', () => {
  it('spend amounts within the window; a refused amount is not spent, so a smaller one still fits', async () => {
    const bytes = limits().allowance('bytes', { points: 100, seconds: 60 });
    expect(await bytes.spend('ada', 60)).toBe(0);
    const refused = await bytes.spend('ada', 50);
    // Refused with the wait until the window ends.
    expect(refused).toBeGreaterThan(55_000);
    expect(refused).toBeLessThanOrEqual(60_000);
    expect(await bytes.spend('ada', 40)).toBe(0);
    expect(await bytes.spend('ada', 1)).toBeGreaterThan(0);
    expect(await bytes.spend('bob', 100)).toBe(0);
  });

  it('take back what is given back', async () => {
    const bytes = limits().allowance('bytes', { points: 100, seconds: 60 });
    expect(await bytes.spend('ada', 100)).toBe(0);
    await bytes.giveBack('ada', 30);
    expect(await bytes.spend('ada', 30)).toBe(0);
    expect(await bytes.spend('ada', 1)).toBeGreaterThan(0);
  });
});
