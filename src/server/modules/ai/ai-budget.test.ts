import { describe, expect, it } from 'vitest';
import { AI_ERRORS } from '../../../contracts/ai.js';
import { memoryLocks } from '../../lib/cluster-locks.js';
import { HttpError } from '../../lib/http-error.js';
import { limits } from '../../lib/limits.js';
import { aiBudget } from './ai-budget.js';

const refusal = (message: string) => new HttpError(429, message, 'ai_busy', 2000);
const budgetOf = (ratePerMinute: number) =>
  aiBudget({ ratePerMinute }, { limits: limits(), locks: memoryLocks() });

describe('aiBudget', () => {
  it('admits one generation per person at a time; others are not affected', async () => {
    const budget = budgetOf(30);
    const release = await budget.admitNow('ada');
    await expect(budget.admitNow('ada')).rejects.toThrow(refusal(AI_ERRORS.busy));
    // Busy says when to try again, like every 429.
    await expect(budget.admitNow('ada')).rejects.toMatchObject({ retryAfterMs: 2000 });
    (await budget.admitNow('grace'))();
    release();
    (await budget.admitNow('ada'))();
  });

  it('spends one per-minute budget, and says when the next call fits', async () => {
    const budget = budgetOf(3);
    for (let i = 0; i < 3; i++) (await budget.admitNow('ada'))();
    await expect(budget.admitNow('ada')).rejects.toThrow(/^You're going fast — try again in (59|60) s\.$/);
  });

  it('queues work behind the running generation and hands the slot straight over, in order', async () => {
    const budget = budgetOf(30);
    const release = await budget.admitNow('ada');
    const order: string[] = [];
    const first = budget.admitQueued('ada').then((done) => (order.push('first'), done));
    const second = budget.admitQueued('ada').then((done) => (order.push('second'), done));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual([]);
    release();
    const releaseFirst = await first;
    // The slot went to the first waiter: a direct call still finds the person busy.
    await expect(budget.admitNow('ada')).rejects.toThrow(refusal(AI_ERRORS.busy));
    releaseFirst();
    (await second)();
    expect(order).toEqual(['first', 'second']);
    (await budget.admitNow('ada'))();
  });

  it('fails queued work that is out of budget, and frees the slot for the next', async () => {
    const budget = budgetOf(1);
    const release = await budget.admitNow('ada');
    const late = budget.admitQueued('ada');
    release();
    await expect(late).rejects.toThrow(/going fast/);
    await expect(budget.admitNow('ada')).rejects.toThrow(/going fast/);
  });

  it('with waitForRate, waits for the budget instead of failing; an abort ends the wait', async () => {
    const budget = budgetOf(600); // windows of ten calls a second
    for (let i = 0; i < 10; i++) (await budget.admitNow('ada'))();
    const started = Date.now();
    (await budget.admitQueued('ada', { waitForRate: true }))();
    expect(Date.now() - started).toBeLessThanOrEqual(1100);
    for (let i = 0; i < 9; i++) (await budget.admitNow('ada'))();

    const stop = new AbortController();
    const waiting = budget.admitQueued('ada', { waitForRate: true, signal: stop.signal });
    stop.abort(new Error('stopped'));
    await expect(waiting).rejects.toThrow('stopped');
    // The aborted wait gave the slot back.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    (await budget.admitNow('ada'))();
  });
});
