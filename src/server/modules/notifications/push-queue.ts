import type { FastifyBaseLogger } from 'fastify';
import type { PushPayload } from '../../../contracts/notifications.js';
import { nowIso } from '../../lib/ids.js';
import type { PushAnswer } from './push-delivery.js';
import type { PushSubscriptionsRepository, PushTarget } from './push-subscriptions.repository.js';
import { throttledWarning } from './throttled-warning.js';

export interface PushJob {
  target: PushTarget;
  payload: PushPayload;
}

export interface PushQueueOptions {
  /** Notifications waiting (to be sent or retried) past which the oldest is dropped. */
  maxWaiting: number;
  /** Requests to push services at once. */
  concurrency: number;
  /** Tries of one notification, the first included. */
  attempts: number;
  /** The first retry's wait; each next one doubles it (with jitter), up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const PUSH_QUEUE_DEFAULTS: PushQueueOptions = {
  maxWaiting: 10_000,
  concurrency: 8,
  attempts: 5,
  baseDelayMs: 1_000,
  maxDelayMs: 5 * 60_000,
};

/**
 * A first-in first-out list whose shift costs O(1): a full queue drops its oldest on every message, and
 * Array.prototype.shift moves every element of a long array.
 */
function fifo<T>() {
  let items: T[] = [];
  let head = 0;
  return {
    get size() {
      return items.length - head;
    },
    push(item: T): void {
      items.push(item);
    },
    shift(): T | undefined {
      if (head >= items.length) return undefined;
      const item = items[head];
      head += 1;
      // Spent slots are let go of once they are half the array.
      if (head > 1024 && head * 2 > items.length) {
        items = items.slice(head);
        head = 0;
      }
      return item;
    },
    clear(): void {
      items = [];
      head = 0;
    },
  };
}

/** The host of an endpoint, for the log: the path is the device's capability and stays out of it. */
const hostOf = (endpoint: string) => (URL.canParse(endpoint) ? new URL(endpoint).host : '');

/**
 * The notifications this process sends: in memory (best effort: lost if the process dies), a few requests at a
 * time, never in the way of a chat. A push service that is slow (429, 5xx, no answer) is tried again later with
 * exponential backoff, or when its Retry-After says; a device it says is gone (404, 410) is forgotten.
 */
export function pushQueue(deps: {
  post: (job: PushJob, closing: AbortSignal) => Promise<PushAnswer>;
  repo: Pick<PushSubscriptionsRepository, 'forget' | 'delivered'>;
  log: FastifyBaseLogger;
  options?: Partial<PushQueueOptions>;
}) {
  const options = { ...PUSH_QUEUE_DEFAULTS, ...deps.options };
  const { log, repo } = deps;
  const ready = fifo<PushJob & { attempt: number }>();
  const retrying = new Set<NodeJS.Timeout>();
  let sending = 0;
  const closing = new AbortController();
  let idle: Array<() => void> = [];
  const dropped = throttledWarning(log, 'push queue full: the oldest notifications were dropped');

  const waiting = () => ready.size + retrying.size;

  function add(job: PushJob & { attempt: number }): void {
    if (waiting() >= options.maxWaiting) {
      ready.shift();
      dropped();
    }
    ready.push(job);
    pump();
  }

  function pump(): void {
    while (sending < options.concurrency && ready.size > 0) {
      const job = ready.shift();
      if (!job) break;
      sending += 1;
      void attempt(job).finally(() => {
        sending -= 1;
        pump();
      });
    }
    if (sending === 0 && waiting() === 0) {
      for (const resolve of idle) resolve();
      idle = [];
    }
  }

  async function attempt(job: PushJob & { attempt: number }): Promise<void> {
    const { target } = job;
    const context = { subscriptionId: target.id, host: hostOf(target.endpoint), attempt: job.attempt };
    try {
      const answer = await deps.post(job, closing.signal);
      if (closing.signal.aborted) return;
      if (answer.status >= 200 && answer.status < 300) return await repo.delivered(target.id, nowIso());
      if (answer.status === 404 || answer.status === 410 || answer.failure === 'EPRIVATE') {
        log.info({ ...context, status: answer.status, failure: answer.failure }, 'push subscription gone');
        return await repo.forget(target.id);
      }
      const transient = answer.status === 0 || answer.status === 429 || answer.status >= 500;
      if (!transient || job.attempt >= options.attempts) {
        log.warn(
          { ...context, status: answer.status, failure: answer.failure },
          'push notification not delivered',
        );
        return;
      }
      const backoff = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (job.attempt - 1));
      const delay = Math.min(options.maxDelayMs, answer.retryAfterMs ?? backoff * (0.5 + Math.random() / 2));
      log.debug({ ...context, status: answer.status, delay }, 'push notification will be retried');
      const timer = setTimeout(() => {
        retrying.delete(timer);
        add({ ...job, attempt: job.attempt + 1 });
      }, delay);
      timer.unref();
      retrying.add(timer);
    } catch (err) {
      log.warn({ ...context, err }, 'push notification failed');
    }
  }

  return {
    /** Queues a notification; answers at once. */
    send(job: PushJob): void {
      if (closing.signal.aborted) return;
      add({ ...job, attempt: 1 });
    },

    /** Resolves once nothing is being sent or waits to be retried (tests). */
    settled(): Promise<void> {
      if (sending === 0 && waiting() === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },

    /** Drops what waits, and ends the requests under way (the process is closing). */
    close(): void {
      closing.abort();
      for (const timer of retrying) clearTimeout(timer);
      retrying.clear();
      ready.clear();
      pump();
    },
  };
}

export type PushQueue = ReturnType<typeof pushQueue>;
