import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ERRORS, type ErrorResponse } from '../../contracts/errors.js';
import type { OverloadConfig } from '../config.js';
import { HttpError } from '../lib/http-error.js';
import { callQueue } from '../performance/call-queue.js';

/** The server's load as admission control sees it; shared by HTTP and the socket guard. */
export interface OverloadGauge {
  /** Whether one new piece of work (an API call, a socket send) must be refused now. */
  mustRefuse: () => boolean;
  retryAfterMs: number;
}

/** The answer to refused work, over HTTP and over the socket. */
export const SERVER_BUSY: ErrorResponse = { error: ERRORS.serverBusy, code: 'server_busy' };

/**
 * Calls that are answered even under pressure, by path and method: the health and readiness probes (a load balancer
 * must not take a busy process for a dead one) and signing out (cheap, and a person leaving lightens the load). The
 * metrics are outside /api/, so never refused either: an overload is when they matter most.
 */
const NEVER_REFUSED = new Map([
  ['/api/health', 'GET'],
  ['/api/ready', 'GET'],
  ['/api/users/logout', 'POST'],
]);

/**
 * Whether a request may be refused under pressure. Only API calls are: the page, its scripts and uploaded
 * pictures are static files (cheap, and without them the page could not even say the server is busy);
 * socket.io's own HTTP requests never reach Fastify's hooks. Asked twice for every request, so it is one lookup:
 * splitting the URL and joining method and path into a key cost 1.5 % of a send's CPU in the profile.
 */
export function mayRefuse(method: string, url: string): boolean {
  if (!url.startsWith('/api/')) return false;
  const query = url.indexOf('?');
  return NEVER_REFUSED.get(query === -1 ? url : url.slice(0, query)) !== method;
}

// Some work is always admitted on event-loop delay alone, so the process never idles while it sheds.
const MIN_ADMITTED = 0.02;
// One sample moves the share by at most this factor, so one noisy second neither shuts the door nor opens it.
const MAX_STEP = 1.25;

/**
 * The share of new work to admit, steered by event-loop delay: each sample multiplies it by how far the
 * delay is from its limit (over: fewer admitted; under: more, up to all), a quarter at most per sample. The
 * plugin's own rule, refusing everything whenever one sample was over, swings between idle and swamped
 * seconds: on a loaded 2-core machine it delivered half the messages this does (see
 * docs/archive/performance-diary-2026.md).
 */
export function admissionControl(maxDelayMs: number) {
  let admitted = 1;
  return {
    /** Takes one sample of the event loop's mean delay. */
    sample(delayMs: number): void {
      if (maxDelayMs <= 0) return;
      const factor = Math.min(
        MAX_STEP,
        Math.max(1 / MAX_STEP, delayMs > 0 ? maxDelayMs / delayMs : Infinity),
      );
      admitted = Math.min(1, Math.max(MIN_ADMITTED, admitted * factor));
    },
    /** The share of new work admitted, 0 to 1. */
    share: () => admitted,
    /** Whether one new piece of work is turned away; `random` is for tests. */
    refuse: (random = Math.random) => admitted < 1 && random() >= admitted,
  };
}

const SAMPLE_INTERVAL_MS = 1000;
const MIN_LINE_CHECK_MS = 10;
/** Long-lived calls left out of OVERLOAD_MAX_CONCURRENT (see the preHandler below). */
const AI_CALLS = '/api/ai/';

/**
 * Past capacity: API calls past OVERLOAD_MAX_CONCURRENT wait their turn, and are refused with 503, Retry-After
 * and { error, code: 'server_busy' } once they would wait longer than OVERLOAD_MAX_QUEUE_WAIT (see callQueue);
 * socket sends are refused in a share steered by event-loop delay (see admissionControl); everything is
 * refused while the heap is nearly full or the loop is saturated. Load is measured by @fastify/under-pressure
 * each second.
 */
export async function registerOverloadProtection(
  app: FastifyInstance,
  config: OverloadConfig,
  /** The headers every answer carries (security.ts), refusals included. */
  headers: Readonly<Record<string, string>>,
  /** How often the line is checked for calls that waited too long: by default a quarter of their bound. */
  lineCheckMs = Math.max(MIN_LINE_CHECK_MS, config.maxQueueWaitMs / 4),
): Promise<OverloadGauge> {
  const admission = admissionControl(config.maxEventLoopDelayMs);
  // Past the cap Node closes each new connection as it is accepted, so a flood of connections cannot use up the
  // process's file descriptors (at the limit even under-pressure's memory sampling failed, and took the process
  // down with an uncaught EMFILE).
  if (config.maxConnections > 0) app.server.maxConnections = config.maxConnections;
  // API calls are not refused on event-loop delay while they can wait for a place instead: a person's browser
  // sends one message at a time, and refusing it cost CPU that waiting does not (decision 022).
  const queued = config.maxConcurrent > 0;
  const queue = callQueue(config.maxConcurrent, config.maxQueueWaitMs);
  const gauge: OverloadGauge = {
    mustRefuse: () => app.isUnderPressure() || queue.overdue() || admission.refuse(),
    retryAfterMs: config.retryAfterSeconds * 1000,
  };
  const retryAfter = String(config.retryAfterSeconds);
  // One error for every refusal: its stack is never shown or logged, and refusing must stay cheap.
  const busy = new HttpError(503, SERVER_BUSY.error, SERVER_BUSY.code);

  await app.register(underPressure, {
    // Delay is measured here but steered by admission control, not refused outright by the plugin.
    maxEventLoopUtilization: config.maxEventLoopUtilization,
    // The plugin's default is "since the process started", which a long quiet spell would dilute forever.
    eventLoopUtilizationMode: 'interval',
    maxHeapUsedBytes: config.maxHeapUsedBytes,
    sampleInterval: SAMPLE_INTERVAL_MS,
    // Returning nothing lets the request through; a rejection goes to the error handler, which answers
    // { error, code } with the HttpError's status. No log line per refusal: under overload that would add load.
    pressureHandler: (request, reply) => {
      if (!mayRefuse(request.method, request.url)) return;
      void reply.header('Retry-After', retryAfter);
      return Promise.reject(busy);
    },
  });
  // Reads the plugin's latest sample at the plugin's own pace.
  const sampler = setInterval(() => admission.sample(app.memoryUsage().eventLoopDelay), SAMPLE_INTERVAL_MS);
  sampler.unref();
  // Calls past their bound are refused when a place comes free or a call arrives, and at the latest by this, so
  // a line stuck behind slow calls still answers within a quarter of the bound past it.
  const lineCheck = setInterval(() => queue.drain(), lineCheckMs);
  lineCheck.unref();
  app.addHook('onClose', async () => {
    clearInterval(sampler);
    clearInterval(lineCheck);
  });
  // A refusal is written straight to the socket, before cookies, sessions or Fastify's reply pipeline: past
  // capacity every request still costs its refusal, and a cheap one leaves the CPU to the admitted work
  // (measured: a refusal through the error handler cost a third of a delivered message; decision 022).
  const busyBody = JSON.stringify(SERVER_BUSY);
  const busyHeaders = {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(busyBody)),
    'cache-control': 'no-store',
    'retry-after': retryAfter,
  };
  const refuse = (reply: FastifyReply) => {
    void reply.hijack();
    reply.raw.writeHead(503, busyHeaders);
    reply.raw.end(busyBody);
  };
  // Once the oldest waiting call has waited past its bound, a newcomer would wait longer still: it is refused
  // before anything else is done for it.
  // Without the queue (OVERLOAD_MAX_CONCURRENT=0) a share of calls is refused at random instead.
  app.addHook('onRequest', (request, reply, done) => {
    if (!mayRefuse(request.method, request.url)) return done();
    if (queued ? !queue.overdue() : !admission.refuse()) return done();
    queue.drain();
    refuse(reply);
  });
  // A call takes its place once its body is in (a client that never finishes sending holds none) until its
  // answer is sent or its connection closes. The answer's 'close' alone is not enough: the answer to a call
  // pipelined behind another never gets one when the connection closes first (Node 20). AI calls take no place:
  // they last up to AI_TIMEOUT and have their own per-person budget and queue.
  app.addHook('preHandler', (request, reply, done) => {
    if (!queued || !mayRefuse(request.method, request.url)) return done();
    if ((request.routeOptions.url ?? request.url).startsWith(AI_CALLS)) return done();
    const answer = reply.raw;
    const connection = request.raw.socket;
    // A client gone during an earlier hook has had its 'close' already: admitted, it would hold a place forever.
    const gone = () => answer.destroyed || connection.destroyed;
    if (gone()) return done();
    queue.enter({
      admit: () => {
        // Once only: the connection's 'close' closes the answer too, from a listener list already copied.
        let left = false;
        const leave = () => {
          if (left) return;
          left = true;
          answer.off('close', leave);
          connection.off('close', leave);
          queue.leave();
        };
        answer.once('close', leave);
        connection.once('close', leave);
        done();
      },
      refuse: () => refuse(reply),
      gone,
    });
  });
  return gauge;
}
