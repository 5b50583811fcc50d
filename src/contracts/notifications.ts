import { z } from 'zod';

/** Bounds of Web Push (issue 44): what a device may register and what a notification may carry. */
export const PUSH_LIMITS = {
  /** Push services' endpoints are about 200–500 characters; anything much longer is not one. */
  endpointMax: 1000,
  /** Devices one person may have notifications on; a new one past this replaces the oldest. */
  devicesPerPerson: 10,
  /** How much of a message a notification shows. */
  bodyChars: 120,
  titleMax: 200,
  urlMax: 300,
  tagMax: 100,
} as const;

/** The subscription's keys (RFC 8291), base64url as `PushSubscription.toJSON()` gives them. */
export const PushKeys = z.object({
  /** The device's P-256 public key: 65 bytes, an uncompressed point. */
  p256dh: z.string().regex(/^[A-Za-z0-9_-]{87}=?$/, 'keys.p256dh must be a base64url P-256 public key'),
  /** The device's 16-byte authentication secret. */
  auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'keys.auth must be a base64url 16-byte secret'),
});

const Endpoint = z
  .string()
  .trim()
  .min(1, 'endpoint is required')
  .max(PUSH_LIMITS.endpointMax, `endpoint must be at most ${PUSH_LIMITS.endpointMax} characters`)
  .refine((value) => URL.canParse(value), 'endpoint must be a URL');

/** This device's push subscription (`PushSubscription.toJSON()`; expirationTime and other fields are ignored). */
export const PushSubscriptionRequest = z.object({ endpoint: Endpoint, keys: PushKeys });

/** Which device to stop notifying. */
export const RemovePushSubscriptionRequest = z.object({ endpoint: Endpoint });

export const PushSubscriptionResponse = z.object({ subscribed: z.boolean() });

/** The server's VAPID public key, base64url: the browser's `applicationServerKey`. */
export const VapidKeyResponse = z.object({ publicKey: z.string() });

/** A path of the app (same origin): never a full URL, so a notification can only open the app itself. */
const AppPath = z
  .string()
  .max(PUSH_LIMITS.urlMax)
  .regex(/^\/(?![/\\])/, 'must be a path of the app');

/** What one push carries, encrypted, to the service worker (push.ts shows it as a notification). */
export const PushPayload = z.object({
  title: z.string().min(1).max(PUSH_LIMITS.titleMax),
  body: z.string().max(PUSH_LIMITS.bodyChars + 1),
  /** The sender's picture (a path of the app, such as /uploads/…) or the app's icon. */
  icon: AppPath,
  /** Where a click on the notification leads: the conversation's page. */
  url: AppPath,
  /** The conversation's id: a burst of messages from one conversation shows as one notification. */
  tag: z.string().min(1).max(PUSH_LIMITS.tagMax),
});
export type PushPayload = z.infer<typeof PushPayload>;

/** The app's icon, shown when the sender has no picture (the installable app adds it, issue 44 item 1). */
export const APP_ICON = '/icons/icon-192.png';
