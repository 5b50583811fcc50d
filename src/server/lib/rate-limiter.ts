const SWEEP_AT_SIZE = 50_000;

/** A token bucket per key: `burst` actions at once, refilled at `perMinute` a minute. */
export function tokenBuckets(perMinute: number, burst: number) {
  const refillPerMs = perMinute / 60_000;
  const buckets = new Map<string, { tokens: number; at: number }>();

  const level = (bucket: { tokens: number; at: number }, now: number) =>
    Math.min(burst, bucket.tokens + (now - bucket.at) * refillPerMs);

  /** A full bucket says nothing a new one would not; dropping them bounds memory by active senders. */
  function sweep(now: number) {
    for (const [key, bucket] of buckets) if (level(bucket, now) >= burst) buckets.delete(key);
  }

  return {
    /** Takes one token for `key`; false when the bucket is empty. */
    take(key: string, now = Date.now()): boolean {
      if (buckets.size >= SWEEP_AT_SIZE) sweep(now);
      const bucket = buckets.get(key) ?? { tokens: burst, at: now };
      bucket.tokens = level(bucket, now);
      bucket.at = now;
      buckets.set(key, bucket);
      if (bucket.tokens < 1) return false;
      bucket.tokens -= 1;
      return true;
    },

    /** How long until `key` has a token again: 0 when it has one now. */
    msUntilNext(key: string, now = Date.now()): number {
      const bucket = buckets.get(key);
      if (!bucket) return 0;
      return Math.max(0, Math.ceil((1 - level(bucket, now)) / refillPerMs));
    },
  };
}

export type TokenBuckets = ReturnType<typeof tokenBuckets>;
