import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.js';
import { BUSY_RETRY, busyRetryDelay, isServerBusy, retrySend } from './busy-retry.js';

const busy = (retryAfterMs?: number) => new ApiError(503, 'busy', 'server_busy', retryAfterMs);
const noJitter = () => 0;

describe('retrying a send the server refused as busy', () => {
  it('retries busy refusals and sends whose answer never came, at most five times', () => {
    expect(isServerBusy(busy())).toBe(true);
    expect(isServerBusy(new ApiError(429, 'slow down', 'rate_limited'))).toBe(false);
    expect(isServerBusy(new ApiError(503, 'proxy page'))).toBe(false);
    expect(retrySend(0, busy())).toBe(true);
    expect(retrySend(BUSY_RETRY.retries - 1, busy())).toBe(true);
    expect(retrySend(BUSY_RETRY.retries, busy())).toBe(false);
    // Not reached, cut off, or a proxy answering for a server that is restarting: safe with the message's id.
    for (const status of [0, 502, 503, 504])
      expect(retrySend(0, new ApiError(status, 'no answer'))).toBe(true);
    expect(retrySend(BUSY_RETRY.retries, new ApiError(0, 'offline'))).toBe(false);
    // Refusals the server gave on purpose stay refusals.
    expect(retrySend(0, new ApiError(429, 'slow down', 'rate_limited'))).toBe(false);
    expect(retrySend(0, new ApiError(400, 'bad', 'invalid_input'))).toBe(false);
    expect(retrySend(0, new ApiError(500, 'oops', 'internal'))).toBe(false);
  });

  it('waits for Retry-After or a doubling backoff, whichever is longer, capped at ten seconds', () => {
    expect([0, 1, 2, 3, 4].map((n) => busyRetryDelay(n, busy(), noJitter))).toEqual([
      1000, 2000, 4000, 8000, 10_000,
    ]);
    expect(busyRetryDelay(0, busy(3000), noJitter)).toBe(3000);
    expect(busyRetryDelay(2, busy(3000), noJitter)).toBe(4000);
    expect(busyRetryDelay(0, busy(60_000), noJitter)).toBe(10_000);
  });

  it('spreads retries by up to a quarter, so refused clients do not all return at once', () => {
    expect(busyRetryDelay(0, busy(2000), () => 0.5)).toBe(2250);
    expect(busyRetryDelay(0, busy(2000), () => 0.999)).toBeLessThan(2500);
  });
});
