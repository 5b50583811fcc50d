import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { PushPayload } from '../../../contracts/notifications.js';
import { endpointRefusal, publicOnlyLookup } from './push-endpoint-guard.js';
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
/** A VAPID JWT is valid for 12 hours (24 at most, RFC 8292) and reused for 6, so signing is rare. */
const JWT_LIFETIME_SECONDS = 12 * 60 * 60;
const JWT_REUSE_MS = 6 * 60 * 60 * 1000;
/** Push services' origins kept at once; past this the kept JWTs are forgotten (a new one is cheap). */
const AUDIENCES_KEPT = 1000;

/**
 * The `Authorization: vapid t=…, k=…` header for a push service's origin (RFC 8292), one signed JWT per origin
 * reused for hours: signing each push would cost an ES256 signature each.
 */
export function vapidAuthorization(vapid: VapidKeys & { subject: string }): (audience: string) => string {
  const made = new Map<string, { header: string; until: number }>();
  return (audience) => {
    const now = Date.now();
    const kept = made.get(audience);
    if (kept && kept.until > now) return kept.header;
    if (made.size >= AUDIENCES_KEPT) made.clear();
    const expiration = Math.floor(now / 1000) + JWT_LIFETIME_SECONDS;
    const { Authorization: header } = webpush.getVapidHeaders(
      audience,
      vapid.subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      expiration,
    );
    made.set(audience, { header, until: now + JWT_REUSE_MS });
    return header;
  };
}

/** Retry-After as seconds or as an HTTP date, in milliseconds from now. */
export function retryAfterMs(header: string | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Encrypts the payload for the device (aes128gcm, RFC 8291) with web-push, with the VAPID header (RFC 8292),
 * then sends it with node's own client: web-push's sender speaks https only and cannot take the address check that
 * keeps every connection on a public host. The endpoint is checked again first (PUSH_ALLOW_LOCAL_ENDPOINTS may
 * have been switched off since it was stored): one refused answers as a private address does, and is forgotten.
 */
export async function postPush(
  target: PushTarget,
  payload: PushPayload,
  /** The VAPID header for the endpoint's origin (vapidAuthorization). */
  authorization: (audience: string) => string,
  options: {
    timeoutMs: number;
    allowLocalEndpoints: boolean;
    /** Aborts the request (the process is closing). */
    closing?: AbortSignal;
  },
): Promise<PushAnswer> {
  const { timeoutMs, closing } = options;
  if (endpointRefusal(target.endpoint, options.allowLocalEndpoints))
    return { status: 0, retryAfterMs: undefined, failure: 'EPRIVATE' };
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    {
      headers: { Authorization: authorization(new URL(target.endpoint).origin) },
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
