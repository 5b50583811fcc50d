import { describe, expect, it } from 'vitest';
import { AI_ERRORS } from '../../../contracts/ai.js';
import { HttpError } from '../../lib/http-error.js';
import { aiBudget } from './ai-budget.js';

const refusal = (message: string) => new HttpError(429, message, 'ai_busy');

describe('aiBudget', () => {
  it('admits one generation per person at a time; others are not affected', () => {
    const budget = aiBudget({ ratePerMinute: 30 });
    const release = budget.admitNow('ada');
    expect(() => budget.admitNow('ada')).toThrow(refusal(AI_ERRORS.busy));
    budget.admitNow('grace')();
    release();
    budget.admitNow('ada')();
  });

  it('spends one per-minute budget, and says when the next call fits', () => {
    const budget = aiBudget({ ratePerMinute: 3 });
    for (let i = 0; i < 3; i++) budget.admitNow('ada')();
    expect(() => budget.admitNow('ada')).toThrow(/^You're going fast — try again in (19|20) s\.$/);
  });

  it('queues work behind the running generation and hands the slot straight over, in order', async () => {
    const budget = aiBudget({ ratePerMinute: 30 });
    const release = budget.admitNow('ada');
    const order: string[] = [];
    const first = budget.admitQueued('ada').then((done) => (order.push('first'), done));
    const second = budget.admitQueued('ada').then((done) => (order.push('second'), done));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual([]);
    release();
    const releaseFirst = await first;
    // The slot went to the first waiter: a direct call still finds the person busy.
    expect(() => budget.admitNow('ada')).toThrow(refusal(AI_ERRORS.busy));
    releaseFirst();
    (await second)();
    expect(order).toEqual(['first', 'second']);
    budget.admitNow('ada')();
  });

  it('fails queued work that is out of budget, and frees the slot for the next', async () => {
    const budget = aiBudget({ ratePerMinute: 1 });
    const release = budget.admitNow('ada');
    const late = budget.admitQueued('ada');
    release();
    await expect(late).rejects.toThrow(/going fast/);
    expect(() => budget.admitNow('ada')).toThrow(/going fast/);
  });

  it('with waitForRate, waits for the budget instead of failing; an abort ends the wait', async () => {
    const budget = aiBudget({ ratePerMinute: 600 }); // a token every 100 ms, bursts of 10
    for (let i = 0; i < 10; i++) budget.admitNow('ada')();
    (await budget.admitQueued('ada', { waitForRate: true }))();

    const stop = new AbortController();
    const waiting = budget.admitQueued('ada', { waitForRate: true, signal: stop.signal });
    stop.abort(new Error('stopped'));
    await expect(waiting).rejects.toThrow('stopped');
    // The aborted wait gave the slot back.
    await new Promise((resolve) => setTimeout(resolve, 150));
    budget.admitNow('ada')();
  });
});
