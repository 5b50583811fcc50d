import { ApiError } from '../../../lib/api-client.js';

/**
 * How a send the server refused as busy is retried: after the server's Retry-After or a backoff doubling
 * from one second, whichever is longer, never more than ten seconds apart, five times; then it fails.
 */
export const BUSY_RETRY = { retries: 5, baseDelayMs: 1000, maxDelayMs: 10_000 } as const;

// Everyone refused in one overloaded second would otherwise come back in the same second.
const JITTER = 0.25;

/** True for a refusal that waiting cures: the server was past its capacity and did nothing. */
export function isServerBusy(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'server_busy';
}

/**
 * True for a failure after which the message may or may not have been stored: the server was not reached,
 * the connection broke before the answer, or a proxy in front of the server answered for it.
 */
function isUnanswered(error: unknown): boolean {
  return error instanceof ApiError && error.code === undefined && [0, 502, 503, 504].includes(error.status);
}

/** Why a send is being retried: the server said it was busy, or no answer came. */
export type RetryCause = 'busy' | 'unanswered';

/** The cause a retry of this failure would have, or null when it is not retried. */
export function retryCause(error: unknown): RetryCause | null {
  if (isServerBusy(error)) return 'busy';
  return isUnanswered(error) ? 'unanswered' : null;
}

/**
 * Whether to send again after `failureCount` earlier failures (counted from 0, as TanStack Query does): a
 * busy refusal, or a send whose answer never came. Sends carry a clientMessageId, so a retry of a message
 * that was stored after all returns it instead of storing it twice.
 */
export function retrySend(failureCount: number, error: unknown): boolean {
  return retryCause(error) !== null && failureCount < BUSY_RETRY.retries;
}

/** Milliseconds to wait before the next attempt; `random` is for tests. */
export function busyRetryDelay(failureCount: number, error: unknown, random = Math.random): number {
  const backoff = BUSY_RETRY.baseDelayMs * 2 ** failureCount;
  const asked = error instanceof ApiError ? (error.retryAfterMs ?? 0) : 0;
  return Math.min(BUSY_RETRY.maxDelayMs, Math.max(asked, backoff) * (1 + JITTER * random()));
}
