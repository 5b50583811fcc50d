import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RedisClientType } from 'redis';

/** A held lock. */
export interface Lease {
  /** Grows with every acquisition of the key, cluster-wide: a later holder always has a larger fence. */
  readonly fence: number;
  /** False once the lock was lost (it expired while this process could not renew it). */
  held(): boolean;
  /** Gives the lock up; the next waiter (here first, then anywhere) takes it. Safe to call twice. */
  release(): void;
}

/** Named locks, exclusive across every process that shares the store. */
export interface Locks {
  /** The lock now, or undefined when someone holds it. */
  tryAcquire(key: string): Promise<Lease | undefined>;
  /** Waits for the lock (in arrival order within this process) until `signal` aborts. */
  acquire(key: string, signal?: AbortSignal): Promise<Lease>;
}

/** A key the shared store granted this process. */
interface Grant {
  fence: number;
  held(): boolean;
  release(): Promise<void>;
}

/** How one process takes a key from the store every process shares. */
interface SharedStore {
  take(key: string): Promise<Grant | undefined>;
  /** How long to wait before asking the store again while another process holds the key. */
  readonly pollMs: number;
}

/** Who waits in this process behind a key's holder here, in arrival order. */
type Waiters = Array<() => void>;

/**
 * The process-local half: one holder per key in this process, waiters served in arrival order, so only
 * the first of them asks the shared store. A release hands the key to the next waiter here before anyone
 * else, which keeps a person's queued work in the order it was queued.
 */
function queuedLocks(store: SharedStore): Locks {
  const queues = new Map<string, Waiters>();

  function passOn(key: string): void {
    const next = queues.get(key)?.shift();
    if (next) next();
    else queues.delete(key);
  }

  function leaseOf(key: string, taken: Grant): Lease {
    let released = false;
    return {
      fence: taken.fence,
      held: () => !released && taken.held(),
      release() {
        if (released) return;
        released = true;
        // The store's release is sent before the next waiter's take, and one connection keeps their order.
        void taken.release();
        passOn(key);
      },
    };
  }

  /** Asks the shared store until it grants the key; this process already holds its local turn. */
  async function takeShared(key: string, signal?: AbortSignal): Promise<Lease> {
    try {
      for (;;) {
        signal?.throwIfAborted();
        const taken = await store.take(key);
        if (taken) return leaseOf(key, taken);
        await sleep(store.pollMs, undefined, { signal });
      }
    } catch (error) {
      passOn(key);
      throw signal?.aborted ? signal.reason : error;
    }
  }

  return {
    async tryAcquire(key) {
      if (queues.has(key)) return undefined;
      queues.set(key, []);
      const taken = await store.take(key).catch((error: unknown) => {
        passOn(key);
        throw error;
      });
      if (taken) return leaseOf(key, taken);
      passOn(key);
      return undefined;
    },

    async acquire(key, signal) {
      signal?.throwIfAborted();
      const waiters = queues.get(key);
      if (!waiters) {
        queues.set(key, []);
        return takeShared(key, signal);
      }
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          const at = waiters.indexOf(turn);
          if (at >= 0) waiters.splice(at, 1);
          reject(signal?.reason);
        };
        const turn = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        waiters.push(turn);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
      return takeShared(key, signal);
    },
  };
}

/** Locks for one process alone: the local queue is all the exclusion there is to have. */
export function memoryLocks(): Locks {
  let fence = 0;
  return queuedLocks({
    take: async () => ({ fence: ++fence, held: () => true, release: async () => {} }),
    pollMs: 0,
  });
}

const TAKE = `if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return redis.call('incr', KEYS[2]) end return 0`;
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`;
const GIVE_UP = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

export interface RedisLockTiming {
  /** A holder that stops renewing (its process died or lost Redis) loses the lock after this. */
  ttlMs: number;
  /** How often a waiter asks again while another process holds the lock. */
  pollMs: number;
}

export const REDIS_LOCK_TIMING: RedisLockTiming = { ttlMs: 15_000, pollMs: 100 };

/**
 * Locks shared by every process on one Redis: SET NX with an expiry, renewed while held, so a holder that
 * dies is taken over once its lock expires, and a fence (a counter per key) that grows with each holder.
 * While Redis is unreachable a lock is exclusive within its own process only (fence 0), as the limits
 * are: each process goes on serving its own users rather than stopping.
 */
export function redisLocks(redis: RedisClientType, timing: RedisLockTiming = REDIS_LOCK_TIMING): Locks {
  const { ttlMs } = timing;
  return queuedLocks({
    pollMs: timing.pollMs,
    async take(key) {
      const token = randomBytes(16).toString('hex');
      const lockKey = `lock:${key}`;
      let fence: number;
      try {
        fence = Number(
          await redis.eval(TAKE, { keys: [lockKey, `lock-fence:${key}`], arguments: [token, String(ttlMs)] }),
        );
      } catch {
        return { fence: 0, held: () => true, release: async () => {} };
      }
      if (fence === 0) return undefined;
      let confirmedAt = Date.now();
      let lost = false;
      const renew = setInterval(() => {
        redis.eval(RENEW, { keys: [lockKey], arguments: [token, String(ttlMs)] }).then(
          (renewed) => {
            if (Number(renewed) === 1) confirmedAt = Date.now();
            else {
              lost = true;
              clearInterval(renew);
            }
          },
          // Unreachable: the lock may outlive us or not; `held` counts it lost once its expiry has passed.
          () => undefined,
        );
      }, ttlMs / 3);
      renew.unref();
      return {
        fence,
        held: () => !lost && Date.now() - confirmedAt < ttlMs,
        async release() {
          clearInterval(renew);
          await redis.eval(GIVE_UP, { keys: [lockKey], arguments: [token] }).catch(() => undefined);
        },
      };
    },
  });
}
