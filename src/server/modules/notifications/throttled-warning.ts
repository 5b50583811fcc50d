import type { FastifyBaseLogger } from 'fastify';

/** How often a repeated warning is written: a flood of them would cost more than what they report. */
const INTERVAL_MS = 60_000;

/**
 * A warning for something that may happen on every message under load (a full queue, too much to decide on):
 * written at once the first time, then at most once a minute with how many times it happened since.
 */
export function throttledWarning(log: FastifyBaseLogger, message: string): () => void {
  let count = 0;
  let loggedAt = -Infinity;
  return () => {
    count += 1;
    if (Date.now() - loggedAt < INTERVAL_MS) return;
    log.warn({ count }, message);
    loggedAt = Date.now();
    count = 0;
  };
}
