import { setTimeout as sleep } from 'node:timers/promises';
import { AI_ERRORS } from '../../../contracts/ai.js';
import type { AiLimits } from '../../config.js';
import { HttpError } from '../../lib/http-error.js';
import { tokenBuckets } from '../../lib/rate-limiter.js';

/** Gives the person's generation slot back; call it once, when the generation is over. */
export type ReleaseAi = () => void;

/**
 * One AI budget per person, shared by every feature that calls the provider (studio, web-lookup summaries,
 * persona replies, roundtable turns): AI_RATE_LIMIT calls a minute, and one generation in flight at a time.
 */
export function aiBudget(limits: Pick<AiLimits, 'ratePerMinute'>) {
  const rate = tokenBuckets(limits.ratePerMinute, Math.min(limits.ratePerMinute, 10));
  const generating = new Set<string>();
  const waiting = new Map<string, (() => void)[]>();

  function takeRate(userId: string): void {
    if (!rate.take(userId))
      throw new HttpError(429, AI_ERRORS.tooFast(rate.msUntilNext(userId) / 1000), 'ai_rate_limited');
  }

  /** The slot passes straight from the releasing generation to the next waiter, so no one slips in between. */
  function waitTurn(userId: string, signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const queue = waiting.get(userId) ?? [];
      const turn = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        const at = queue.indexOf(turn);
        if (at >= 0) queue.splice(at, 1);
        reject(signal?.reason);
      };
      queue.push(turn);
      waiting.set(userId, queue);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** The release for a slot this caller now holds. */
  function hold(userId: string): ReleaseAi {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = waiting.get(userId)?.shift();
      if (next) return next();
      waiting.delete(userId);
      generating.delete(userId);
    };
  }

  return {
    /** For a person waiting on the answer: a slot now, or 429 (already generating, or too fast). */
    admitNow(userId: string): ReleaseAi {
      if (generating.has(userId)) throw new HttpError(429, AI_ERRORS.busy, 'ai_busy');
      takeRate(userId);
      generating.add(userId);
      return hold(userId);
    },

    /**
     * For work the person queued (a persona's reply, a roundtable turn): waits behind the person's current
     * generation, then spends from the same per-minute budget. Out of budget it fails with when to try again,
     * or, with `waitForRate`, waits that long (a roundtable paces itself instead of stopping).
     */
    async admitQueued(
      userId: string,
      options: { signal?: AbortSignal; waitForRate?: boolean } = {},
    ): Promise<ReleaseAi> {
      const { signal } = options;
      if (generating.has(userId)) await waitTurn(userId, signal);
      else generating.add(userId);
      const release = hold(userId);
      try {
        for (;;) {
          const wait = rate.msUntilNext(userId);
          if (wait === 0 || !options.waitForRate) break;
          await sleep(wait, undefined, { signal });
        }
        takeRate(userId);
        return release;
      } catch (error) {
        release();
        throw signal?.aborted ? signal.reason : error;
      }
    },
  };
}

export type AiBudget = ReturnType<typeof aiBudget>;
