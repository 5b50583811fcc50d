import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { PushPayload } from '../../../contracts/notifications.js';
import { publicOnlyLookup } from './push-endpoint-guard.js';
import type { PushTarget } from './push-subscriptions.repository.js';
import type { VapidKeys } from './vapid-keys.js';

/** How a push service answered one request; status 0 when it did not (timeout, refused, reset). */
export interface PushAnswer {
  status: number;
  /** Retry-After in milliseconds, when it said one. */
  retryAfterMs: number | undefined;
  /** The error's code when there was no answer (ETIMEDOUT, ECONNREFUSED, EPRIVATE…). */
  failure?: string;
}

/** How long a push service's message is kept for a device that is offline: a day, then it is stale. */
const TTL_SECONDS = 24 * 60 * 60;

/** Retry-After as seconds or as an HTTP date, in milliseconds from now. */
export function retryAfterMs(header: string | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Encrypts the payload for the device (aes128gcm, RFC 8291) and signs the request (VAPID, RFC 8292) with web-push,
 * then sends it with node's own client: web-push's sender speaks https only and cannot take the address check that
 * keeps every connection on a public host. `local`: the endpoint is a test's http://127.0.0.1 one.
 */
export async function postPush(
  target: PushTarget,
  payload: PushPayload,
  vapid: VapidKeys & { subject: string },
  timeoutMs: number,
  /** Aborts the request (the process is closing). */
  closing?: AbortSignal,
): Promise<PushAnswer> {
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: vapid,
      TTL: TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: 'high',
    },
  );
  const url = new URL(details.endpoint);
  const secure = url.protocol === 'https:';
  const client = secure ? https : http;
  return new Promise<PushAnswer>((resolve) => {
    const request = client.request(
      url,
      {
        method: details.method,
        headers: details.headers,
        // Every connection is checked by the addresses it resolves to (the local test endpoint is an address).
        lookup: secure ? publicOnlyLookup : undefined,
        signal: closing
          ? AbortSignal.any([AbortSignal.timeout(timeoutMs), closing])
          : AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        response.resume();
        resolve({
          status: response.statusCode ?? 0,
          retryAfterMs: retryAfterMs(response.headers['retry-after']),
        });
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ status: 0, retryAfterMs: undefined, failure: error.code ?? error.name }),
    );
    request.end(details.body);
  });
}
