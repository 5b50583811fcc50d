/**
 * The app's own event-loop delay over a round, from its Prometheus metrics (prom-client samples the loop every
 * 20 ms and starts its histogram over at each scrape): a stall of the app's loop shows here, so a send→receive
 * p99 near this figure is the app's pause, and one far above it waited elsewhere (the generators, the host).
 */
import { randomBytes } from 'node:crypto';
import type { ServerProcess } from '../../src/server/test/server-process.js';

/** prom-client's sampling interval: each sample is the interval's length, so this much of it is no delay. */
const SAMPLED_EVERY_S = 0.02;

/** The token the app is started with (METRICS_TOKEN), so the bench may read its metrics. */
export const METRICS_TOKEN = randomBytes(24).toString('base64url');

async function scrape(server: ServerProcess): Promise<string> {
  const res = await fetch(`${server.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  return res.ok ? res.text() : '';
}

function gauge(text: string, name: string): number {
  const value = Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN);
  return Math.max(0, (value - SAMPLED_EVERY_S) * 1000);
}

/** The app's event-loop delay (p99 and max, ms) while `work` runs; NaN when the metrics cannot be read. */
export async function appLoopDuring<T>(
  server: ServerProcess,
  work: () => Promise<T>,
): Promise<{ result: T; loopP99Ms: number; loopMaxMs: number }> {
  await scrape(server);
  const result = await work();
  const text = await scrape(server);
  return {
    result,
    loopP99Ms: gauge(text, 'nodejs_eventloop_lag_p99_seconds'),
    loopMaxMs: gauge(text, 'nodejs_eventloop_lag_max_seconds'),
  };
}
