import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { ERRORS, type ErrorResponse } from '../../contracts/errors.js';
import type { OverloadConfig } from '../config.js';
import { HttpError } from '../lib/http-error.js';

/** What the socket guard needs to know of the server's load. */
export interface OverloadGauge {
  /** True while the last sample was past a threshold. */
  isUnderPressure: () => boolean;
  retryAfterMs: number;
}

/** The answer to refused work, over HTTP and over the socket. */
export const SERVER_BUSY: ErrorResponse = { error: ERRORS.serverBusy, code: 'server_busy' };

/**
 * Calls that are answered even under pressure: the health check (a load balancer must not take a busy
 * process for a dead one) and signing out (cheap, and a person leaving lightens the load).
 */
const NEVER_REFUSED = new Set(['GET /api/health', 'POST /api/users/logout']);

/**
 * Whether a request may be refused under pressure. Only API calls are: the page, its scripts and uploaded
 * pictures are static files (cheap, and without them the page could not even say the server is busy);
 * socket.io's own HTTP requests never reach Fastify's hooks.
 */
export function mayRefuse(method: string, url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return pathname.startsWith('/api/') && !NEVER_REFUSED.has(`${method} ${pathname}`);
}

/**
 * Refuses API calls with 503, Retry-After and { error, code: 'server_busy' } while the event loop lags, is
 * saturated or the heap is nearly full, before any parsing or database work: past capacity, excess work is
 * turned away cheaply so the work accepted keeps flowing at the server's peak rate.
 * `sampleIntervalMs` (how often load is measured) is for tests; production measures every second.
 */
export async function registerOverloadProtection(
  app: FastifyInstance,
  config: OverloadConfig,
  sampleIntervalMs = 1000,
): Promise<OverloadGauge> {
  const retryAfter = String(config.retryAfterSeconds);
  // One error for every refusal: its stack is never shown or logged, and refusing must stay cheap.
  const busy = new HttpError(503, SERVER_BUSY.error, SERVER_BUSY.code);
  await app.register(underPressure, {
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    maxEventLoopUtilization: config.maxEventLoopUtilization,
    // The plugin's default is "since the process started", which a long quiet spell would dilute forever.
    eventLoopUtilizationMode: 'interval',
    maxHeapUsedBytes: config.maxHeapUsedBytes,
    sampleInterval: sampleIntervalMs,
    // Returning nothing lets the request through; a rejection goes to the error handler, which answers
    // { error, code } with the HttpError's status. No log line per refusal: under overload that would add load.
    pressureHandler: (request, reply) => {
      if (!mayRefuse(request.method, request.url)) return;
      void reply.header('Retry-After', retryAfter);
      return Promise.reject(busy);
    },
  });
  return {
    isUnderPressure: () => app.isUnderPressure(),
    retryAfterMs: config.retryAfterSeconds * 1000,
  };
}
