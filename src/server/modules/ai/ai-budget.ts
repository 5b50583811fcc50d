import { setTimeout as sleep } from 'node:timers/promises';
import { AI_ERRORS } from '../../../contracts/ai.js';
import type { AiLimits } from '../../config.js';
import type { Locks } from '../../lib/cluster-locks.js';
import { HttpError } from '../../lib/http-error.js';
import { perMinute, type Limits } from '../../lib/limits.js';

/** Gives the person's generation slot back; call it once, when the generation is over. */
export type ReleaseAi = () => void;

/** How long a person whose generation is running is told to wait: about one short answer. */
const BUSY_RETRY_MS = 2000;

/** Bursts of up to this many calls, within the per-minute rate. */
const AI_BURST = 10;

/**
 * One AI budget per person, shared by every feature that calls the provider (studio, web-lookup summaries,
 * persona replies, roundtable turns) and by every process: AI_RATE_LIMIT calls a minute, and one generation
 * in flight at a time (a lock per person).
 */
export function aiBudget(
  limits: Pick<AiLimits, 'ratePerMinute'>,
  shared: { limits: Limits; locks: Locks },
  /** Counts the work waiting for its turn (a metric). */
  waiting?: { inc(): void; dec(): void },
) {
  const rate = shared.limits.limiter(
    'ai',
    perMinute(limits.ratePerMinute, Math.min(limits.ratePerMinute, AI_BURST)),
  );
  const slot = (userId: string) => `ai:${userId}`;
  const tooFast = (waitMs: number) =>
    new HttpError(429, AI_ERRORS.tooFast(waitMs / 1000), 'ai_rate_limited', waitMs);

  return {
    /** For a person waiting on the answer: a slot now, or 429 (already generating, or too fast). */
    async admitNow(userId: string): Promise<ReleaseAi> {
      const lease = await shared.locks.tryAcquire(slot(userId));
      if (!lease) throw new HttpError(429, AI_ERRORS.busy, 'ai_busy', BUSY_RETRY_MS);
      const wait = await rate.take(userId).catch((error: unknown) => {
        lease.release();
        throw error;
      });
      if (wait > 0) {
        lease.release();
        throw tooFast(wait);
      }
      return () => lease.release();
    },

    /**
     * For work the person queued (a persona's reply, a roundtable turn): waits behind the person's current
     * generation (queued work here keeps its order), then spends from the same per-minute budget. Out of
     * budget it fails with when to try again, or, with `waitForRate`, waits that long (a roundtable paces
     * itself instead of stopping).
     */
    async admitQueued(
      userId: string,
      options: { signal?: AbortSignal; waitForRate?: boolean } = {},
    ): Promise<ReleaseAi> {
      const { signal } = options;
      waiting?.inc();
      const lease = await shared.locks.acquire(slot(userId), signal).finally(() => waiting?.dec());
      try {
        for (;;) {
          const wait = await rate.take(userId);
          if (wait === 0) break;
          if (!options.waitForRate) throw tooFast(wait);
          await sleep(wait, undefined, { signal });
        }
        return () => lease.release();
      } catch (error) {
        lease.release();
        throw signal?.aborted ? signal.reason : error;
      }
    },
  };
}

export type AiBudget = ReturnType<typeof aiBudget>;
