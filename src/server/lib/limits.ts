import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { RedisClientType } from 'redis';
import { ERRORS } from '../../contracts/errors.js';
import { HttpError } from './http-error.js';

/** How much one key may do: `points` actions in each window of `seconds`. */
export interface LimitRule {
  points: number;
  seconds: number;
}

/**
 * `ratePerMinute` on average with bursts of about `burst`: windows of `burst` actions, whole seconds long,
 * with the points adjusted to the rounded window so the average stays the rate. (A fixed window lets up to
 * two windows' worth through across a boundary; that is the library's trade for one Redis call per action.)
 */
export function perMinute(ratePerMinute: number, burst: number): LimitRule {
  const seconds = Math.max(1, Math.round((Math.min(burst, ratePerMinute) * 60) / ratePerMinute));
  return { points: Math.max(1, Math.round((ratePerMinute * seconds) / 60)), seconds };
}

/** One limit over many keys (people, addresses, sockets). */
export interface Limiter {
  /** Spends one action of `key`: 0 when it is allowed, otherwise the milliseconds until `key` may act again. */
  take(key: string): Promise<number>;
}

/** Spends one action of `key`, or refuses with 429 (`rate_limited`), `message` and when to try again. */
export async function takeOrRefuse(
  limiter: Limiter,
  key: string,
  message: string = ERRORS.tooManyRequests,
): Promise<void> {
  const wait = await limiter.take(key);
  if (wait > 0) throw new HttpError(429, message, 'rate_limited', wait);
}

/** Where a limit is counted: across every process (Redis when configured), or in this process only. */
export type LimitScope = 'cluster' | 'process';

/** A budget spent in amounts (bytes a day) rather than one action at a time. */
export interface Allowance {
  /**
   * Spends `amount` of `key`'s window: 0 when it fits, otherwise the milliseconds until the window ends (a
   * refused amount is not spent).
   */
  spend(key: string, amount: number): Promise<number>;
  /** Gives back `amount` spent earlier in `key`'s window (the work it paid for did not happen). */
  giveBack(key: string, amount: number): Promise<void>;
}

/** Makes the limiters of one process; every limit in the app comes from here. */
export interface Limits {
  limiter(name: string, rule: LimitRule, scope?: LimitScope): Limiter;
  allowance(name: string, rule: LimitRule): Allowance;
}

function wrap(limiter: RateLimiterAbstract): Limiter {
  return {
    take: (key) =>
      limiter.consume(key).then(
        () => 0,
        (refusal: unknown) => {
          // A refusal resolves to its wait; anything else (both stores failed) is a real error.
          if (refusal instanceof RateLimiterRes) return Math.max(1, refusal.msBeforeNext);
          throw refusal;
        },
      ),
  };
}

/**
 * Limits counted in Redis when the processes share one (`redis`), so N processes give a person the limit
 * once, not N times; in memory otherwise. While Redis is unreachable each process falls back to counting
 * on its own (the insurance limiter) rather than refusing everyone or letting everything through. A key
 * that has spent its window is then refused from memory until the window ends, so a flood costs no Redis
 * calls.
 */
export function limits(redis?: RedisClientType): Limits {
  function store(name: string, rule: LimitRule, scope: LimitScope, blockSpentInMemory: boolean) {
    // The rule is part of the key: processes of a rolling update that changed a limit do not mix its counts.
    const keyPrefix = `limit:${name}:${rule.points}/${rule.seconds}s`;
    const options = { points: rule.points, duration: rule.seconds };
    // No prefix in memory: each limiter has a store of its own, and joining the prefix to every key made a new
    // string to hash on every action (socket events pass two limiters, a message a third).
    const memory = new RateLimiterMemory({ ...options, keyPrefix: '' });
    if (!redis || scope === 'process') return memory;
    return new RateLimiterRedis({
      ...options,
      keyPrefix,
      storeClient: redis,
      useRedisPackage: true,
      rejectIfRedisNotReady: true,
      ...(blockSpentInMemory ? { inMemoryBlockOnConsumed: rule.points } : {}),
      insuranceLimiter: memory,
    });
  }

  return {
    limiter: (name, rule, scope = 'cluster') => wrap(store(name, rule, scope, true)),

    allowance(name, rule) {
      // No refusals from memory here: an amount given back may make room again before the window ends.
      const limiter = store(name, rule, 'cluster', false);
      return {
        spend: (key, amount) =>
          limiter.consume(key, amount).then(
            () => 0,
            async (refusal: unknown) => {
              if (!(refusal instanceof RateLimiterRes)) throw refusal;
              await limiter.reward(key, amount);
              return Math.max(1, refusal.msBeforeNext);
            },
          ),
        giveBack: async (key, amount) => {
          await limiter.reward(key, amount);
        },
      };
    },
  };
}
