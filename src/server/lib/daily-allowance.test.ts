import { describe, expect, it } from 'vitest';
import { dailyAllowance, waitInWords } from './daily-allowance.js';
import { limits } from './limits.js';

describe('waitInWords', () => {
  it('says a wait as people do', () => {
    expect(waitInWords(1)).toBe('a minute');
    expect(waitInWords(60_000)).toBe('a minute');
    expect(waitInWords(61_000)).toBe('2 minutes');
    expect(waitInWords(59 * 60_000)).toBe('59 minutes');
    expect(waitInWords(60 * 60_000)).toBe('about an hour');
    expect(waitInWords(23.5 * 60 * 60_000)).toBe('about 24 hours');
  });
});

describe('dailyAllowance', () => {
  it('refuses past the items or the bytes with 429 quota_exceeded and the wait; a refused write spends nothing', async () => {
    const allowance = dailyAllowance(limits(), 'notes', { items: 2, bytes: 100 }, 'Enough for today.');
    await allowance.spend('ada', { items: 1, bytes: 60 });
    const refused = allowance.spend('ada', { items: 1, bytes: 50 });
    await expect(refused).rejects.toMatchObject({
      statusCode: 429,
      code: 'quota_exceeded',
      message: 'Enough for today. Please try again in about 24 hours.',
      retryAfterMs: expect.any(Number),
    });
    // The refused write's item was given back: one more fits, then the items are spent.
    await allowance.spend('ada', { items: 1, bytes: 40 });
    await expect(allowance.spend('ada', { items: 1 })).rejects.toMatchObject({ statusCode: 429 });
    await allowance.spend('grace', { items: 2, bytes: 100 });
  });
});
